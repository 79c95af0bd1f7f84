import type { RecapQuestion as Question } from '@grasp/contract';
import type { RefObject } from 'react';

export const OPTION_KEYS = ['A', 'B', 'C', 'D'] as const;

export interface QuestionResult {
  choice: number;
  correct: boolean;
  correctChoice: number;
  why: string;
}

function optionClass(index: number, result: QuestionResult | null): string {
  const base =
    'flex w-full items-start gap-3 rounded-xl border px-4 py-3 text-left text-sm transition-colors disabled:cursor-default';
  if (!result) {
    return `${base} border-slate-300 bg-white hover:border-indigo-400 hover:bg-indigo-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-indigo-400 dark:hover:bg-slate-800`;
  }
  if (index === result.correctChoice) {
    return `${base} border-emerald-600 bg-emerald-50 text-emerald-950 dark:border-emerald-400 dark:bg-emerald-950/60 dark:text-emerald-50`;
  }
  if (index === result.choice) {
    return `${base} border-red-600 bg-red-50 text-red-950 dark:border-red-400 dark:bg-red-950/60 dark:text-red-50`;
  }
  return `${base} border-slate-200 bg-white text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-400`;
}

/** One quiz question inside a recap: four options (keys A–D), then the verdict and why. */
export function RecapQuestion({
  question,
  result,
  pending,
  note,
  onChoose,
  promptRef,
}: {
  question: Question;
  result: QuestionResult | null;
  pending: boolean;
  /** Why the question has no verdict (answered in another tab, or the call failed). */
  note: string | null;
  onChoose: (choice: number) => void;
  promptRef: RefObject<HTMLParagraphElement | null>;
}) {
  return (
    <section aria-label="Check yourself" className="space-y-3">
      <h3 className="text-xs font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">
        Check yourself · {question.section}
      </h3>
      <p
        ref={promptRef}
        tabIndex={-1}
        className="font-medium text-slate-900 focus:outline-none dark:text-slate-100"
      >
        {question.prompt}
      </p>
      <ol className="space-y-2">
        {question.options.map((option, index) => (
          <li key={option}>
            <button
              type="button"
              className={optionClass(index, result)}
              disabled={pending || result !== null}
              aria-keyshortcuts={OPTION_KEYS[index]}
              onClick={() => onChoose(index)}
            >
              <span
                aria-hidden="true"
                className="inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-md border border-current text-xs font-bold"
              >
                {OPTION_KEYS[index]}
              </span>
              <span className="min-w-0 flex-1 break-words">{option}</span>
              {result && index === result.correctChoice && (
                <span className="shrink-0 font-semibold">✓ Correct answer</span>
              )}
              {result && index === result.choice && !result.correct && (
                <span className="shrink-0 font-semibold">✗ Your answer</span>
              )}
            </button>
          </li>
        ))}
      </ol>
      <div aria-live="polite">
        {result && (
          <p
            className={`rounded-xl px-4 py-3 text-sm ${
              result.correct
                ? 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100'
                : 'bg-red-50 text-red-900 dark:bg-red-950/60 dark:text-red-100'
            }`}
          >
            <strong>{result.correct ? 'Right.' : 'Not quite.'}</strong> {result.why}
          </p>
        )}
        {note && <p className="text-sm text-slate-600 dark:text-slate-300">{note}</p>}
      </div>
    </section>
  );
}
