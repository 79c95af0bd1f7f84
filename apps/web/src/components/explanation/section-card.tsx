import type { ExplanationSection } from '@grasp/contract';
import { SECTION_CLAMP_LENGTH } from '@grasp/contract';
import { type ReactNode, useId, useState } from 'react';
import { MarkdownText } from '../markdown/markdown-text.tsx';
import { SectionIcon, UiIcon } from './icons.tsx';

/** Where narration stands on this card; undefined when nothing is being read. */
export type SectionStatus = 'active' | 'completed' | 'pending';

const STATUS_CLASS: Record<SectionStatus | 'idle', string> = {
  idle: 'border-slate-200 dark:border-slate-800',
  active: 'border-indigo-500 ring-2 ring-indigo-500/40 dark:border-indigo-400',
  completed: 'border-emerald-300 dark:border-emerald-800',
  pending: 'border-slate-200 opacity-80 dark:border-slate-800',
};

const STATUS_TEXT: Record<SectionStatus, string> = {
  active: 'Now reading',
  completed: 'Read',
  pending: 'Up next',
};

export function formatRange([start, end]: readonly [number, number]): string {
  return `${start}-${end}s`;
}

export function SectionCard({
  section,
  status,
  id,
  badge,
  children,
  collapsible = true,
}: {
  section: ExplanationSection;
  status?: SectionStatus;
  /** Lets a link elsewhere on the page lead to this card (it takes focus when reached). */
  id?: string;
  /** Shown beside the time range: a short visible label such as "Revisited". */
  badge?: ReactNode;
  /** Shown under the text, never clamped with it. */
  children?: ReactNode;
  /** false: the whole text, no toggle (a page read without JavaScript: the share page). */
  collapsible?: boolean;
}) {
  const clampable = collapsible && section.content.length > SECTION_CLAMP_LENGTH;
  const [expanded, setExpanded] = useState(false);
  const bodyId = useId();
  const titleId = useId();
  const clamped = clampable && !expanded;

  return (
    <article
      id={id}
      tabIndex={id ? -1 : undefined}
      aria-labelledby={titleId}
      aria-current={status === 'active' ? 'step' : undefined}
      className={`scroll-mt-20 rounded-xl border bg-white p-4 shadow-sm transition-colors break-inside-avoid focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 sm:p-5 dark:bg-slate-900 ${STATUS_CLASS[status ?? 'idle']}`}
    >
      <header className="flex items-start gap-3">
        <span className="mt-0.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600 dark:bg-indigo-950 dark:text-indigo-300">
          <SectionIcon name={section.icon} />
        </span>
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="font-semibold text-slate-900 dark:text-slate-100">
            {section.title}
          </h3>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            <span className="sr-only">Time: </span>
            {formatRange(section.timeRange)}
            {status && (
              <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 dark:bg-slate-800">
                {STATUS_TEXT[status]}
              </span>
            )}
            {badge}
          </p>
        </div>
        {clampable && (
          <button
            type="button"
            onClick={() => setExpanded((value) => !value)}
            aria-expanded={expanded}
            aria-controls={bodyId}
            aria-label={
              expanded ? `Show less of ${section.title}` : `Show more of ${section.title}`
            }
            className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 print:hidden dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100"
          >
            <UiIcon
              name="chevronDown"
              className={`h-5 w-5 transition-transform ${expanded ? 'rotate-180' : ''}`}
            />
          </button>
        )}
      </header>
      <div
        id={bodyId}
        data-clamped={clamped}
        className={`mt-3 text-sm text-slate-700 dark:text-slate-300 ${clamped ? 'line-clamp-3 print:line-clamp-none' : ''}`}
      >
        <MarkdownText>{section.content}</MarkdownText>
      </div>
      {children}
    </article>
  );
}
