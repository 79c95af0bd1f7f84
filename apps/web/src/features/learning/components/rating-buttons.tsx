import {
  RECAP_RATING_LABELS,
  RECAP_RATINGS,
  type RecapNext,
  type RecapRating,
} from '@grasp/contract';
import type { RefObject } from 'react';
import { dueIn, dueInWords } from '../lib/due-dates.ts';

const TONES: Record<RecapRating, string> = {
  again:
    'border-red-300 hover:bg-red-50 dark:border-red-800 dark:hover:bg-red-950/50 text-red-800 dark:text-red-200',
  hard: 'border-amber-300 hover:bg-amber-50 dark:border-amber-800 dark:hover:bg-amber-950/50 text-amber-900 dark:text-amber-200',
  good: 'border-emerald-300 hover:bg-emerald-50 dark:border-emerald-800 dark:hover:bg-emerald-950/50 text-emerald-800 dark:text-emerald-200',
  easy: 'border-sky-300 hover:bg-sky-50 dark:border-sky-800 dark:hover:bg-sky-950/50 text-sky-800 dark:text-sky-200',
};

/** Again / Hard / Good / Easy (keys 1–4), each with when the recap would come back. */
export function RatingButtons({
  next,
  now,
  disabled,
  onRate,
  groupRef,
}: {
  next: RecapNext;
  now: number;
  disabled: boolean;
  onRate: (rating: RecapRating) => void;
  groupRef: RefObject<HTMLFieldSetElement | null>;
}) {
  return (
    <fieldset ref={groupRef} tabIndex={-1} className="space-y-3 focus:outline-none">
      <legend className="mb-3 font-medium text-slate-900 dark:text-slate-100">
        How well did you remember it?
      </legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {RECAP_RATINGS.map((rating, index) => (
          <button
            key={rating}
            type="button"
            disabled={disabled}
            aria-keyshortcuts={String(index + 1)}
            onClick={() => onRate(rating)}
            className={`flex flex-col items-center gap-0.5 rounded-xl border-2 bg-white px-3 py-2.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 dark:bg-slate-900 ${TONES[rating]}`}
          >
            <span className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className="rounded border border-current px-1.5 font-mono text-xs font-normal"
              >
                {index + 1}
              </span>
              {RECAP_RATING_LABELS[rating]}
            </span>
            <span className="text-xs font-normal text-slate-700 dark:text-slate-300">
              <span aria-hidden="true">in {dueIn(next[rating], now)}</span>
              <span className="sr-only">, next recap {dueInWords(next[rating], now)}</span>
            </span>
          </button>
        ))}
      </div>
    </fieldset>
  );
}
