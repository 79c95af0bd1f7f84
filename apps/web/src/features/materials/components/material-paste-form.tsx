import {
  MATERIAL_MESSAGES,
  MATERIAL_TEXT_MAX_CHARS,
  MATERIAL_TITLE_MAX_LENGTH,
} from '@grasp/contract';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';

const fieldClass =
  'block w-full rounded-xl border border-slate-300 bg-white px-4 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/40 focus:outline-none disabled:opacity-60 aria-invalid:border-red-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500';

/** Pasted text: a chapter, lecture notes, a syllabus. */
export function MaterialPasteForm({
  onSubmit,
  disabled,
}: {
  onSubmit: (request: { title?: string; text: string }) => Promise<boolean>;
  disabled: boolean;
}) {
  const titleId = useId();
  const textId = useId();
  const errorId = useId();
  const countId = useId();
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    if (!text.trim()) {
      setError(MATERIAL_MESSAGES.emptyText);
      return;
    }
    const added = await onSubmit({ ...(title.trim() ? { title: title.trim() } : {}), text });
    if (added) {
      setTitle('');
      setText('');
    }
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Paste text" className="space-y-3">
      <div className="space-y-1">
        <label
          htmlFor={titleId}
          className="block text-sm font-medium text-slate-800 dark:text-slate-200"
        >
          Title <span className="font-normal text-slate-500 dark:text-slate-400">(optional)</span>
        </label>
        <input
          id={titleId}
          value={title}
          maxLength={MATERIAL_TITLE_MAX_LENGTH}
          disabled={disabled}
          onChange={(event) => setTitle(event.target.value)}
          placeholder="For example: Chapter 3, Cells"
          className={fieldClass}
        />
      </div>
      <div className="space-y-1">
        <label
          htmlFor={textId}
          className="block text-sm font-medium text-slate-800 dark:text-slate-200"
        >
          Text
        </label>
        <textarea
          id={textId}
          rows={6}
          value={text}
          maxLength={MATERIAL_TEXT_MAX_CHARS}
          disabled={disabled}
          onChange={(event) => {
            setText(event.target.value);
            if (error) setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${countId}` : countId}
          placeholder="Paste a chapter or your notes"
          className={`${fieldClass} resize-y`}
        />
        {error && (
          <p
            id={errorId}
            role="alert"
            className="text-sm font-medium text-red-700 dark:text-red-300"
          >
            {error}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p id={countId} className="text-xs text-slate-500 dark:text-slate-400">
          {text.length.toLocaleString('en-US')}/{MATERIAL_TEXT_MAX_CHARS.toLocaleString('en-US')}{' '}
          characters
        </p>
        <Button type="submit" variant="secondary" disabled={disabled} className="w-full sm:w-auto">
          Add text
        </Button>
      </div>
    </form>
  );
}
