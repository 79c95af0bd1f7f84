import type { MyAssignmentsResponse } from '@grasp/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths, searchPath } from '../../../config/paths.ts';
import { fetchMyAssignments } from '../api/classes.ts';
import { dueText } from '../lib/status.ts';
import { StatusChip } from './status-cell.tsx';

/**
 * The user's assignments on the dashboard, soonest due first; nothing at all for someone in no
 * class (nor while loading, nor if it fails: the dashboard's own figures matter more).
 */
export function MyAssignments() {
  const [data, setData] = useState<MyAssignmentsResponse | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchMyAssignments(controller.signal)
      .then(setData)
      .catch(() => setData(null));
    return () => controller.abort();
  }, []);
  if (!data || data.assignments.length === 0) return null;
  const sorted = [...data.assignments].sort((a, b) =>
    (a.dueAt ?? '9999').localeCompare(b.dueAt ?? '9999'),
  );
  return (
    <section
      aria-labelledby="assignments-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="assignments-heading" className="font-semibold">
          Your assignments
        </h2>
        <Link
          to={paths.classes}
          className="text-sm font-semibold text-indigo-700 underline dark:text-indigo-300"
        >
          Classes
        </Link>
      </div>
      <ul className="mt-3 space-y-4">
        {sorted.map((a) => (
          <li key={a.assignmentId}>
            <p className="font-medium">
              {a.title}{' '}
              <span className="text-sm font-normal text-slate-600 dark:text-slate-400">
                · {a.className} · {dueText(a.dueAt)}
              </span>
            </p>
            <ul className="mt-2 flex flex-wrap gap-2">
              {a.concepts.map((concept, i) => (
                <li key={concept} className="flex items-center gap-1">
                  <Link
                    to={searchPath(concept)}
                    className="text-sm text-indigo-700 hover:underline dark:text-indigo-300"
                  >
                    {concept}
                  </Link>
                  <StatusChip progress={a.progress[i] ?? { status: 'new', quiz: null }} />
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
