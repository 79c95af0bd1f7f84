import type { ClassSummary } from '@grasp/contract';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { fetchClasses } from '../api/classes.ts';
import { AssignmentForm } from './assignment-form.tsx';

/**
 * "Assign to a class" under a distillation: its concepts become an assignment of a class the
 * user teaches. Shown only to a teacher.
 */
export function AssignToClass({ subject, concepts }: { subject: string; concepts: string[] }) {
  const id = useId();
  const [teaching, setTeaching] = useState<ClassSummary[]>([]);
  const [open, setOpen] = useState(false);
  const [classId, setClassId] = useState('');
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchClasses(controller.signal)
      .then(({ classes }) => {
        const mine = classes.filter((c) => c.role === 'teacher');
        setTeaching(mine);
        setClassId(mine[0]?.classId ?? '');
      })
      .catch(() => setTeaching([]));
    return () => controller.abort();
  }, []);
  if (teaching.length === 0) return null;
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      {open ? (
        <div className="space-y-3">
          <h2 className="font-semibold">Assign to a class</h2>
          <label htmlFor={`${id}-class`} className="block text-sm font-medium">
            Class
          </label>
          <select
            id={`${id}-class`}
            value={classId}
            onChange={(e) => setClassId(e.target.value)}
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-950"
          >
            {teaching.map((c) => (
              <option key={c.classId} value={c.classId}>
                {c.name}
              </option>
            ))}
          </select>
          <AssignmentForm
            key={classId}
            classId={classId}
            initialTitle={subject}
            initialConcepts={concepts}
            onCreated={() => {
              setOpen(false);
              setDone(classId);
            }}
          />
          <Button variant="ghost" onClick={() => setOpen(false)}>
            Cancel
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={() => setOpen(true)}>
            Assign to a class
          </Button>
          {done ? (
            <p role="status" className="text-sm text-emerald-800 dark:text-emerald-300">
              Assigned.{' '}
              <Link
                to={`${paths.classes}?class=${encodeURIComponent(done)}`}
                className="font-semibold underline"
              >
                See the class
              </Link>
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}
