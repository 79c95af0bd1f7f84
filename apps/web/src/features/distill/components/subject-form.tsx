import { SUBJECT_MAX_LENGTH } from '@grasp/contract';
import { type FormEvent, type KeyboardEvent, type RefObject, useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';

interface SubjectFormProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  disabled: boolean;
  /** A validation message (SPEC.md §5), shown under the field. */
  error: string | null;
  inputRef?: RefObject<HTMLTextAreaElement | null>;
}

export function SubjectForm({
  value,
  onChange,
  onSubmit,
  disabled,
  error,
  inputRef,
}: SubjectFormProps) {
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!disabled) onSubmit();
  };
  // Enter distils, as in a search box; Shift+Enter still starts a new line.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Distill a subject" className="space-y-3">
      <label
        htmlFor={inputId}
        className="block text-sm font-medium text-slate-800 dark:text-slate-200"
      >
        Subject or statement
      </label>
      <textarea
        id={inputId}
        ref={inputRef}
        name="subject"
        rows={3}
        maxLength={SUBJECT_MAX_LENGTH}
        value={value}
        disabled={disabled}
        placeholder="For example: the history of the printing press"
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        className="block w-full resize-y rounded-xl border border-slate-300 bg-white px-4 py-3 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/40 focus:outline-none disabled:opacity-60 aria-invalid:border-red-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500"
      />
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
          {value.length}/{SUBJECT_MAX_LENGTH} characters · Enter to distill, Shift+Enter for a new
          line
        </p>
        <Button type="submit" disabled={disabled} className="w-full sm:w-auto">
          {disabled ? 'Distilling…' : 'Distill'}
        </Button>
      </div>
    </form>
  );
}
