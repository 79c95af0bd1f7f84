import { type Assignment, type ClassView, progressAt } from '@grasp/contract';
import { useMemo, useState } from 'react';
import { progressScore, STATUS_LOOK } from '../lib/status.ts';
import { StatusChip } from './status-cell.tsx';

type SortKey = 'name' | 'progress';
type Sort = { key: SortKey; ascending: boolean };

function SortButton({
  label,
  sortKey,
  sort,
  onSort,
}: {
  label: string;
  sortKey: SortKey;
  sort: Sort;
  onSort: (key: SortKey) => void;
}) {
  const active = sort.key === sortKey;
  return (
    <button
      type="button"
      onClick={() => onSort(sortKey)}
      className="inline-flex items-center gap-1 rounded font-semibold hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500"
    >
      {label}
      <span aria-hidden="true">{active ? (sort.ascending ? '▲' : '▼') : '↕'}</span>
    </button>
  );
}

/**
 * The teacher's grid for one assignment: members down, concepts across, each cell coloured by
 * status with the status in words and the quiz score. Headers stay in view while it scrolls
 * both ways (a phone scrolls it sideways under the sticky names).
 */
export function ProgressGrid({ view, assignment }: { view: ClassView; assignment: Assignment }) {
  const [sort, setSort] = useState<Sort>({ key: 'name', ascending: true });
  const cellsOf = useMemo(() => {
    const byMember = new Map(view.progress.map((p) => [p.userId, p.assignments]));
    return (userId: string) => {
      const cells = byMember.get(userId)?.[assignment.assignmentId];
      return assignment.concepts.map((_, i) => progressAt(cells, i));
    };
  }, [view, assignment]);
  const rows = useMemo(() => {
    const sorted = [...view.members].sort((a, b) =>
      sort.key === 'name'
        ? a.firstName.localeCompare(b.firstName) || a.username.localeCompare(b.username)
        : progressScore(cellsOf(a.userId)) - progressScore(cellsOf(b.userId)),
    );
    return sort.ascending ? sorted : sorted.reverse();
  }, [view.members, sort, cellsOf]);
  const onSort = (key: SortKey) =>
    setSort((s) => ({ key, ascending: s.key === key ? !s.ascending : key === 'name' }));
  const ariaSort = (key: SortKey) =>
    sort.key === key ? (sort.ascending ? 'ascending' : 'descending') : 'none';

  if (view.members.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
        Nobody has joined yet. Share the join link or code above.
      </p>
    );
  }
  return (
    <section
      // Positioned, so the hidden captions inside stay inside it and never widen the page.
      className="relative max-h-[70vh] overflow-auto rounded-xl border border-slate-200 dark:border-slate-800"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus, so a keyboard can scroll it
      tabIndex={0}
      aria-label={`Progress on ${assignment.title}`}
    >
      <table className="min-w-full border-separate border-spacing-0 text-sm">
        <caption className="sr-only">
          Progress of each member on {assignment.title}: status and quiz score per concept
        </caption>
        <thead>
          <tr>
            <th
              scope="col"
              aria-sort={ariaSort('name')}
              className="sticky top-0 left-0 z-20 border-b border-slate-200 bg-slate-50 px-3 py-2 text-left dark:border-slate-800 dark:bg-slate-900"
            >
              <SortButton label="Member" sortKey="name" sort={sort} onSort={onSort} />
            </th>
            <th
              scope="col"
              aria-sort={ariaSort('progress')}
              className="sticky top-0 z-10 border-b border-slate-200 bg-slate-50 px-3 py-2 text-left dark:border-slate-800 dark:bg-slate-900"
            >
              <SortButton label="Progress" sortKey="progress" sort={sort} onSort={onSort} />
            </th>
            {assignment.concepts.map((concept) => (
              <th
                key={concept}
                scope="col"
                className="sticky top-0 z-10 border-b border-slate-200 bg-slate-50 px-3 py-2 text-left font-semibold whitespace-nowrap dark:border-slate-800 dark:bg-slate-900"
              >
                {concept}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((member) => {
            const cells = cellsOf(member.userId);
            const known = cells.filter((c) => c.status === 'known').length;
            const started = cells.filter((c) => c.status !== 'new').length;
            return (
              <tr key={member.userId}>
                <th
                  scope="row"
                  className="sticky left-0 z-10 border-b border-slate-100 bg-white px-3 py-2 text-left font-medium whitespace-nowrap dark:border-slate-800 dark:bg-slate-950"
                >
                  {member.firstName}
                  <span className="block text-xs font-normal text-slate-500 dark:text-slate-400">
                    @{member.username}
                  </span>
                </th>
                <td className="border-b border-slate-100 px-3 py-2 whitespace-nowrap text-slate-700 dark:border-slate-800 dark:text-slate-200">
                  {started}/{cells.length} started, {known} known
                </td>
                {cells.map((cell, i) => (
                  <td
                    key={assignment.concepts[i]}
                    className="border-b border-slate-100 px-3 py-2 dark:border-slate-800"
                  >
                    <StatusChip progress={cell} />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

/** What the colours and marks mean. */
export function StatusLegend() {
  return (
    <ul className="flex flex-wrap gap-2 text-xs" aria-label="Status key">
      {Object.entries(STATUS_LOOK).map(([status, look]) => (
        <li key={status} className={`rounded-md px-2 py-1 font-medium ${look.className}`}>
          <span aria-hidden="true">{look.mark}</span> {look.label}
        </li>
      ))}
      <li className="px-2 py-1 text-slate-600 dark:text-slate-300">2/3: quiz, right of answered</li>
    </ul>
  );
}
