import {
  ASSIGNMENT_MAX_CONCEPTS,
  type Assignment,
  CLASS_MESSAGES,
  createAssignmentRequestSchema,
} from '@grasp/contract';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { createAssignment, messageOf } from '../api/classes.ts';

const inputClass =
  'mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100';

/** The concepts typed one a line (or separated by commas). */
export const conceptsFrom = (text: string) =>
  text
    .split(/[\n,]/)
    .map((c) => c.trim())
    .filter(Boolean);

/** A new assignment: a title, 1–30 concepts, an optional due date (not in the past). */
export function AssignmentForm({
  classId,
  initialConcepts = [],
  initialTitle = '',
  onCreated,
}: {
  classId: string;
  initialConcepts?: readonly string[];
  initialTitle?: string;
  onCreated: (assignment: Assignment) => void;
}) {
  const id = useId();
  const [title, setTitle] = useState(initialTitle);
  const [concepts, setConcepts] = useState(initialConcepts.join('\n'));
  const [due, setDue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const dueAt = due ? new Date(`${due}T23:59:59`).toISOString() : undefined;
    const body = { title, concepts: conceptsFrom(concepts), ...(dueAt ? { dueAt } : {}) };
    const checked = createAssignmentRequestSchema.safeParse(body);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? CLASS_MESSAGES.noConcepts);
      return;
    }
    if (dueAt && new Date(dueAt).getTime() < Date.now()) {
      setError(CLASS_MESSAGES.pastDueDate);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onCreated(await createAssignment(classId, body));
      setTitle('');
      setConcepts('');
      setDue('');
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const count = conceptsFrom(concepts).length;
  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label="New assignment"
      className="space-y-3"
    >
      <div>
        <label htmlFor={`${id}-title`} className="text-sm font-medium">
          Title
        </label>
        <input
          id={`${id}-title`}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          className={inputClass}
          placeholder="Week 3: Forces"
        />
      </div>
      <div>
        <label htmlFor={`${id}-concepts`} className="text-sm font-medium">
          Concepts, one a line
        </label>
        <textarea
          id={`${id}-concepts`}
          value={concepts}
          onChange={(e) => setConcepts(e.target.value)}
          rows={4}
          className={inputClass}
          aria-describedby={`${id}-count`}
        />
        <p id={`${id}-count`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {count} of at most {ASSIGNMENT_MAX_CONCEPTS}
        </p>
      </div>
      <div>
        <label htmlFor={`${id}-due`} className="text-sm font-medium">
          Due date (optional)
        </label>
        <input
          id={`${id}-due`}
          type="date"
          value={due}
          onChange={(e) => setDue(e.target.value)}
          className={inputClass}
        />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={busy}>
        Assign
      </Button>
    </form>
  );
}
