import { RECENT_ACTIVITY_COUNT, type UserMessage } from '@grasp/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { answerPreview } from '../lib/answer-preview.ts';
import { relativeTime } from '../lib/relative-time.ts';

const fullDate = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** The latest explanations (SPEC.md §2: the first 5); each opens again on the dashboard. */
export function RecentActivity({ messages, now }: { messages: UserMessage[]; now: number }) {
  const recent = messages.slice(0, RECENT_ACTIVITY_COUNT);
  return (
    <section
      aria-labelledby="recent-activity-title"
      className="rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="recent-activity-title" className="px-5 pt-5 text-lg font-semibold">
        Recent activity
      </h2>
      {recent.length === 0 ? (
        <p className="px-5 pt-2 pb-5 text-slate-600 dark:text-slate-300">
          No explanations yet. Your latest concepts will show up here.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
          {recent.map((message) => (
            <li key={`${message.created_date}-${message.concept_name}`} className="px-5 py-4">
              <div className="flex items-baseline justify-between gap-4">
                <Link
                  to={paths.dashboard}
                  state={{ initialQuery: message.concept_name }}
                  className="min-w-0 truncate font-semibold text-slate-900 hover:text-indigo-700 hover:underline dark:text-slate-100 dark:hover:text-indigo-300"
                >
                  {message.concept_name}
                </Link>
                <time
                  dateTime={message.created_date}
                  title={fullDate.format(new Date(message.created_date))}
                  className="shrink-0 text-sm whitespace-nowrap text-slate-600 dark:text-slate-300"
                >
                  {relativeTime(message.created_date, now)}
                </time>
              </div>
              <p className="mt-1 line-clamp-2 text-sm text-slate-600 dark:text-slate-300">
                {answerPreview(message.ai_answer)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
