import { CLASS_MESSAGES, classNameSchema, joinCodeSchema } from '@grasp/contract';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { createClass, joinClass, messageOf } from '../api/classes.ts';

const inputClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100';

/** One text field and a button: a class's name, or a join code. */
function OneFieldForm({
  label,
  button,
  placeholder,
  check,
  send,
  mono = false,
}: {
  label: string;
  button: string;
  placeholder: string;
  check: (value: string) => string | null;
  send: (value: string) => Promise<void>;
  mono?: boolean;
}) {
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = check(value);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await send(value.trim());
      setValue('');
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form noValidate aria-label={button} onSubmit={(e) => void submit(e)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="mt-1 flex flex-col gap-2">
        <input
          id={id}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${inputClass} ${mono ? 'font-mono uppercase tracking-widest' : ''}`}
        />
        <Button type="submit" disabled={busy}>
          {button}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </form>
  );
}

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? CLASS_MESSAGES.emptyName);

export function CreateClassForm({ onCreated }: { onCreated: (classId: string) => void }) {
  return (
    <OneFieldForm
      label="Class name"
      button="Create class"
      placeholder="Class 9 B: Physics"
      check={(v) => firstIssue(classNameSchema.safeParse(v))}
      send={async (name) => onCreated((await createClass(name)).classId)}
    />
  );
}

export function JoinByCodeForm({ onJoined }: { onJoined: (classId: string) => void }) {
  return (
    <OneFieldForm
      label="Join a class with its code"
      button="Join"
      placeholder="ABCD2345"
      mono
      check={(v) => firstIssue(joinCodeSchema.safeParse(v))}
      send={async (code) => onJoined((await joinClass(code)).classId)}
    />
  );
}
