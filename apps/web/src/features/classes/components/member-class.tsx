import { CLASS_MESSAGES, type ClassView, progressAt } from '@grasp/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { searchPath } from '../../../config/paths.ts';
import { leaveClass, messageOf } from '../api/classes.ts';
import { dueText } from '../lib/status.ts';
import { StatusChip } from './status-cell.tsx';

/** A member's class: their assignments with due dates and their own progress; leaving. */
export function MemberClass({ view, onLeft }: { view: ClassView; onLeft: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const own = view.progress[0]?.assignments ?? {};
  const leave = async () => {
    try {
      await leaveClass(view.classId);
      onLeft();
    } catch (e) {
      setError(messageOf(e));
    }
  };
  return (
    <div className="space-y-6">
      <p className="text-slate-600 dark:text-slate-300">
        Taught by {view.teacherName}. Explaining an assigned concept is on the class: it costs you
        no unit the first time.
      </p>
      {view.assignments.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm dark:border-slate-700">
          No assignments yet.
        </p>
      ) : (
        <ul className="space-y-4">
          {[...view.assignments].reverse().map((a) => (
            <li
              key={a.assignmentId}
              className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
            >
              <h3 className="font-semibold">{a.title}</h3>
              <p className="text-sm text-slate-600 dark:text-slate-300">{dueText(a.dueAt)}</p>
              <ul className="mt-3 space-y-2">
                {a.concepts.map((concept, i) => {
                  const progress = progressAt(own[a.assignmentId], i);
                  return (
                    <li key={concept} className="flex flex-wrap items-center justify-between gap-2">
                      <Link
                        to={searchPath(concept)}
                        className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
                      >
                        {concept}
                      </Link>
                      <StatusChip progress={progress} />
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {confirming ? (
          <>
            <span className="text-sm">{CLASS_MESSAGES.leaveConfirm(view.name)}</span>
            <Button className="bg-red-600 hover:bg-red-700" onClick={() => void leave()}>
              Leave {view.name}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </>
        ) : (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Leave class
          </Button>
        )}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
