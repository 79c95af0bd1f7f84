import { CLASS_MESSAGES, joinPath } from '@grasp/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { messageOf, rotateJoinCode } from '../api/classes.ts';

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Button variant="secondary" onClick={() => void copy()} aria-label={label}>
      {copied ? CLASS_MESSAGES.codeCopied : 'Copy'}
    </Button>
  );
}

/** The class's join code and link, to copy, and a new code when an old one got around. */
export function JoinDetails({
  classId,
  joinCode,
  onRotated,
}: {
  classId: string;
  joinCode: string;
  onRotated: (code: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const link = `${window.location.origin}${joinPath(joinCode)}`;
  const rotate = async () => {
    setBusy(true);
    setError(null);
    try {
      onRotated(await rotateJoinCode(classId));
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      aria-labelledby="join-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h3 id="join-heading" className="font-semibold">
        Invite your class
      </h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Members join with the link, or with the code at {window.location.host}/join.
      </p>
      <dl className="mt-3 space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <dt className="w-12 text-sm text-slate-600 dark:text-slate-300">Code</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-xl font-bold tracking-widest" data-testid="join-code">
              {joinCode}
            </span>
            <CopyButton text={joinCode} label="Copy the join code" />
          </dd>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <dt className="w-12 text-sm text-slate-600 dark:text-slate-300">Link</dt>
          <dd className="flex min-w-0 flex-1 items-center gap-2">
            <span className="min-w-0 flex-1 truncate font-mono text-sm" data-testid="join-link">
              {link}
            </span>
            <CopyButton text={link} label="Copy the join link" />
          </dd>
        </div>
      </dl>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button variant="ghost" onClick={() => void rotate()} disabled={busy}>
          New code
        </Button>
        <span className="text-xs text-slate-600 dark:text-slate-400">
          The old code and link stop working at once; members stay.
        </span>
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </section>
  );
}
