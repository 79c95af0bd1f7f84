import { useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { dueInWords } from '../lib/due-dates.ts';
import { useRecaps } from '../stores/recaps-store.ts';

/** "3 recaps due" on /user-dashboard, linking to /review; when none, when the next one is. */
export function RecapsDueLink() {
  const { status, dueCount, nextDueAt } = useRecaps();
  useEffect(() => {
    useRecaps.getState().refresh(0);
  }, []);
  if (status !== 'ready') return null;
  if (dueCount === 0) {
    return nextDueAt ? (
      <p className="text-sm text-slate-600 dark:text-slate-300">
        No recaps due. The next one is due {dueInWords(nextDueAt)}.
      </p>
    ) : null;
  }
  return (
    <Link
      to={paths.review}
      className="flex items-center justify-between gap-4 rounded-2xl border border-amber-300 bg-amber-50 p-5 hover:bg-amber-100 dark:border-amber-700/60 dark:bg-amber-950/40 dark:hover:bg-amber-950/70"
    >
      <span>
        <span className="block font-semibold text-slate-900 dark:text-slate-100">
          {dueCount} {dueCount === 1 ? 'recap' : 'recaps'} due
        </span>
        <span className="mt-1 block text-sm text-slate-700 dark:text-slate-200">
          About a minute each: recall what you learned before it fades.
        </span>
      </span>
      <span aria-hidden="true" className="text-2xl text-amber-700 dark:text-amber-300">
        →
      </span>
    </Link>
  );
}
