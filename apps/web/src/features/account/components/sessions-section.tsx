import { ACCOUNT_LABELS, type AccountSession } from '@grasp/contract';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { FormAlert } from '../../auth/index.ts';
import { endOtherSessions, endSession, fetchSessions } from '../api/sessions.ts';
import { Section } from './section.tsx';

type Load =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; sessions: AccountSession[] };

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : 'The sessions could not be loaded.';

/** Where the account is signed in, this device marked; end one, or all the others. */
export function SessionsSection() {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [ending, setEnding] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState('');

  const read = useCallback(() => {
    fetchSessions()
      .then(({ sessions }) => setLoad({ status: 'ready', sessions }))
      .catch((error: unknown) => setLoad({ status: 'failed', message: messageOf(error) }));
  }, []);
  useEffect(read, [read]);

  const end = async (which: string, work: () => Promise<unknown>, done: string) => {
    setEnding(which);
    setProblem(null);
    setNote('');
    try {
      await work();
      setNote(done);
      read();
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setEnding(null);
    }
  };

  const sessions = load.status === 'ready' ? load.sessions : [];
  const others = sessions.filter((s) => !s.current);
  return (
    <Section
      title={ACCOUNT_LABELS.sessions}
      intro="Browsers signed in to your account. Sign out any you do not recognise."
    >
      {load.status === 'loading' ? (
        <div className="flex justify-center py-6 text-indigo-600 dark:text-indigo-400">
          <Spinner label="Loading your sessions" className="h-6 w-6" />
        </div>
      ) : load.status === 'failed' ? (
        <FormAlert message={load.message}>
          <Button variant="secondary" className="mt-3" onClick={read}>
            Try again
          </Button>
        </FormAlert>
      ) : (
        <>
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {sessions.map((session) => (
              <li
                key={session.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
              >
                <div className="min-w-0">
                  <p className="font-medium">
                    {session.device}
                    {session.current ? (
                      <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200">
                        {ACCOUNT_LABELS.thisDevice}
                      </span>
                    ) : null}
                  </p>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    Signed in {when.format(new Date(session.createdAt))} · last active{' '}
                    {when.format(new Date(session.lastSeenAt))}
                  </p>
                </div>
                {session.current ? null : (
                  <Button
                    variant="secondary"
                    disabled={ending !== null}
                    aria-label={`${ACCOUNT_LABELS.endSession}: ${session.device}, signed in ${when.format(new Date(session.createdAt))}`}
                    onClick={() =>
                      void end(
                        session.id,
                        () => endSession(session.id),
                        `${session.device} was signed out.`,
                      )
                    }
                  >
                    {ending === session.id ? 'Signing out...' : ACCOUNT_LABELS.endSession}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {others.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              You are signed in on this device only.
            </p>
          ) : (
            <Button
              variant="secondary"
              className="mt-3"
              disabled={ending !== null}
              onClick={() =>
                void end('all', endOtherSessions, 'Your other sessions were signed out.')
              }
            >
              {ending === 'all' ? 'Signing out...' : ACCOUNT_LABELS.endOtherSessions}
            </Button>
          )}
        </>
      )}
      <div className="mt-3">
        <FormAlert message={problem} />
        <p role="status" className="text-sm font-medium text-emerald-800 dark:text-emerald-300">
          {note}
        </p>
      </div>
    </Section>
  );
}
