import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { dueInWords, dueOn } from '../lib/due-dates.ts';

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
      <p aria-hidden="true" className="text-4xl">
        {reviewed > 0 ? '🎉' : '🗓️'}
      </p>
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
      <Link to={paths.dashboard} className={`${buttonClass('primary')} mt-6`}>
        Explain a concept
      </Link>
    </section>
  );
}
