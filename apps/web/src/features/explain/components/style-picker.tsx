import { DEFAULT_TEMPLATE, TEMPLATES, type Template, templateLabel } from '@grasp/contract';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { UiIcon } from '../../../components/explanation/icons.tsx';
import { paths } from '../../../config/paths.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { useSettings } from '../../settings/settings-store.ts';
import { effectiveTemplate, isLockedTemplate } from '../lib/template-access.ts';

/** The six styles of the search bar (SPEC.md §2, §6). */
export const SELECTABLE_TEMPLATES: readonly Template[] = TEMPLATES.filter((t) => t.selectable);

function StyleOption({
  template,
  selected,
  locked,
  onChoose,
}: {
  template: Template;
  selected: boolean;
  locked: boolean;
  onChoose: (template: Template) => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={() => onChoose(template)}
      className={`relative flex h-full w-full flex-col items-start rounded-lg border p-3 text-left transition-colors ${
        selected
          ? 'border-indigo-500 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-950/60'
          : 'border-slate-200 bg-white hover:border-indigo-300 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-indigo-600'
      }`}
    >
      <span className="flex w-full items-center gap-2 pr-6 text-sm font-semibold text-slate-900 dark:text-slate-100">
        {template.name}
      </span>
      <span className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        {template.description}
      </span>
      {locked && (
        <span className="mt-2 inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-200">
          <UiIcon name="lock" className="h-3 w-3" />
          Premium
        </span>
      )}
      {selected && (
        <span className="absolute top-2 right-2 text-indigo-600 dark:text-indigo-300">
          <UiIcon name="check" className="h-4 w-4" />
          <span className="sr-only">Selected</span>
        </span>
      )}
    </button>
  );
}

/** Style choice: a Free user picking a premium style goes to /pricing instead. */
export function StylePicker() {
  const plan = useAuth((s) => s.user?.plan);
  const saved = useSettings((s) => s.promptTemplate);
  const setPromptTemplate = useSettings((s) => s.setPromptTemplate);
  const navigate = useNavigate();
  const [open, setOpen] = useState(true);
  const gridId = useId();
  const current = effectiveTemplate(saved, plan);

  const choose = (template: Template) => {
    if (isLockedTemplate(template.id, plan)) {
      navigate(paths.pricing);
      return;
    }
    setPromptTemplate(template.id);
    setOpen(false);
  };

  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={gridId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex items-center gap-1 rounded-md px-1 py-0.5 text-sm font-medium text-slate-700 hover:text-indigo-700 dark:text-slate-300 dark:hover:text-indigo-300"
      >
        Explanation style: {templateLabel(current)}
        <UiIcon
          name="chevronDown"
          className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`}
        />
      </button>
      <ul id={gridId} hidden={!open} className="mt-2 grid grid-cols-2 gap-2 md:grid-cols-3">
        {SELECTABLE_TEMPLATES.map((template) => (
          <li key={template.id}>
            <StyleOption
              template={template}
              selected={template.id === current}
              locked={isLockedTemplate(template.id, plan)}
              onChoose={choose}
            />
          </li>
        ))}
      </ul>
      {current !== DEFAULT_TEMPLATE && (
        <p className="mt-2 text-sm text-indigo-700 dark:text-indigo-300">
          Using {templateLabel(current)} style to explain concepts
        </p>
      )}
    </div>
  );
}
