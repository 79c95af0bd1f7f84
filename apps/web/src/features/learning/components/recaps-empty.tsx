import { REMINDER_MESSAGES } from '@grasp/contract';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { StrokeIcon } from '../../../components/ui/stroke-icon.tsx';
import { paths } from '../../../config/paths.ts';
import { dueInWords, dueOn } from '../lib/due-dates.ts';

const DONE_ICON = 'M5 12.5l4.5 4.5L19 7.5';
const CALENDAR_ICON = 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5M9 15l2 2 4-4';

/** No recap is due: says when the next one is, or how recaps come to be. */
export function RecapsEmpty({
  nextDueAt,
  upcoming,
  reviewed,
}: {
  nextDueAt: string | null;
  upcoming: number;
  reviewed: number;
}) {
  return (
    <section
      aria-labelledby="recaps-empty-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 text-center sm:p-10 dark:border-slate-800 dark:bg-slate-900"
    >
      <span className="mx-auto inline-flex h-12 w-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-700 dark:bg-emerald-900/60 dark:text-emerald-200">
        <StrokeIcon d={reviewed > 0 ? DONE_ICON : CALENDAR_ICON} className="h-6 w-6" />
      </span>
      <h2 id="recaps-empty-title" className="mt-3 text-xl font-semibold">
        {reviewed > 0
          ? `Done: ${reviewed} ${reviewed === 1 ? 'recap' : 'recaps'} reviewed`
          : 'No recaps due right now'}
      </h2>
      {nextDueAt ? (
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          Your next recap is due {dueInWords(nextDueAt)},{' '}
          <time dateTime={nextDueAt} className="font-medium">
            {dueOn(nextDueAt)}
          </time>
          . {upcoming} {upcoming === 1 ? 'concept is' : 'concepts are'} scheduled.
        </p>
      ) : (
        <p className="mx-auto mt-2 max-w-prose text-slate-700 dark:text-slate-300">
          Every concept you explain comes back here when it is time to recall it: a minute each,
          spaced so it stays with you.
        </p>
      )}
      <div className="mt-6 flex flex-wrap items-center justify-center gap-3">
        <Link to={paths.dashboard} className={buttonClass('primary')}>
          Explain a concept
        </Link>
        <Link to={paths.reminders} className={buttonClass('secondary')}>
          {REMINDER_MESSAGES.remindMe}
        </Link>
      </div>
    </section>
  );
}
