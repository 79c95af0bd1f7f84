import type { ClassView } from '@grasp/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { downloadProgressCsv, messageOf } from '../api/classes.ts';
import { dueText } from '../lib/status.ts';
import { AssignmentForm } from './assignment-form.tsx';
import { JoinDetails } from './join-details.tsx';
import { MembersList } from './members-list.tsx';
import { ProgressGrid, StatusLegend } from './progress-grid.tsx';

const card =
  'rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900';

/** The teacher's class: invite, assign, see who has understood what, download it. */
export function TeacherClass({
  view,
  onChange,
}: {
  view: ClassView;
  onChange: (next: ClassView) => void;
}) {
  const latest = view.assignments.at(-1)?.assignmentId ?? '';
  const [chosen, setChosen] = useState(latest);
  const [csvError, setCsvError] = useState<string | null>(null);
  const assignment =
    view.assignments.find((a) => a.assignmentId === chosen) ?? view.assignments.at(-1);

  const download = async () => {
    setCsvError(null);
    try {
      await downloadProgressCsv(view.classId, view.name);
    } catch (e) {
      setCsvError(messageOf(e));
    }
  };

  return (
    <div className="space-y-6">
      <JoinDetails
        classId={view.classId}
        joinCode={view.joinCode ?? ''}
        onRotated={(joinCode) => onChange({ ...view, joinCode })}
      />
      <section aria-labelledby="progress-heading" className={card}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="progress-heading" className="font-semibold">
            Progress
          </h3>
          {view.assignments.length > 0 ? (
            <Button variant="secondary" onClick={() => void download()}>
              Download CSV
            </Button>
          ) : null}
        </div>
        {csvError ? (
          <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
            {csvError}
          </p>
        ) : null}
        {assignment ? (
          <div className="mt-3 space-y-3">
            {view.assignments.length > 1 ? (
              <label className="block text-sm font-medium">
                Assignment{' '}
                <select
                  value={assignment.assignmentId}
                  onChange={(e) => setChosen(e.target.value)}
                  className="ml-2 rounded-lg border border-slate-300 bg-white px-2 py-1 dark:border-slate-700 dark:bg-slate-950"
                >
                  {view.assignments.map((a) => (
                    <option key={a.assignmentId} value={a.assignmentId}>
                      {a.title}
                    </option>
                  ))}
                </select>
              </label>
            ) : (
              <p className="text-sm font-medium">{assignment.title}</p>
            )}
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {dueText(assignment.dueAt)}
            </p>
            <StatusLegend />
            <ProgressGrid view={view} assignment={assignment} />
          </div>
        ) : (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
            No assignments yet. Assign a few concepts below.
          </p>
        )}
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="assign-heading" className={card}>
          <h3 id="assign-heading" className="mb-3 font-semibold">
            New assignment
          </h3>
          <AssignmentForm
            classId={view.classId}
            onCreated={(created) => {
              onChange({
                ...view,
                assignments: [...view.assignments, created],
                progress: view.progress.map((p) => ({
                  ...p,
                  assignments: {
                    ...p.assignments,
                    [created.assignmentId]: {
                      statuses: created.concepts.map(() => 'new' as const),
                      quizzes: created.concepts.map(() => null),
                    },
                  },
                })),
              });
              setChosen(created.assignmentId);
            }}
          />
        </section>
        <section aria-labelledby="members-heading" className={card}>
          <h3 id="members-heading" className="mb-2 font-semibold">
            Members ({view.members.length})
          </h3>
          <MembersList
            classId={view.classId}
            members={view.members}
            onRemoved={(userId) =>
              onChange({
                ...view,
                members: view.members.filter((m) => m.userId !== userId),
                progress: view.progress.filter((p) => p.userId !== userId),
              })
            }
          />
        </section>
      </div>
    </div>
  );
}
