import { ACCOUNT_MESSAGES } from '@grasp/contract';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';
import { TextField } from '../auth/index.ts';
import { requestPinReset } from './api/recovery.ts';
import { ActionNote } from './components/action-note.tsx';
import { LinkCard, Outcome } from './components/link-card.tsx';
import { useAction } from './components/use-action.ts';

/** /forgot-pin: a link to choose a new PIN, mailed to the account's address. */
export function ForgotPinPage() {
  const [identifier, setIdentifier] = useState('');
  const { state, run, fail, busy } = useAction();
  const noteId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!identifier.trim()) return fail(ACCOUNT_MESSAGES.identifierRequired);
    void run(async () => (await requestPinReset(identifier.trim())).message);
  };

  return (
    <LinkCard title="Forgot your PIN?">
      {state.status === 'done' ? (
        <Outcome ok message={state.message} />
      ) : (
        <form noValidate onSubmit={submit} className="space-y-4" aria-label="Forgot PIN">
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Enter your username or email. We will mail you a link to choose a new PIN.
          </p>
          <TextField
            label="Username or email"
            name="identifier"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={identifier}
            onChange={(e) => setIdentifier(e.target.value)}
            aria-invalid={(state.status === 'failed' && !identifier.trim()) || undefined}
            aria-describedby={noteId}
          />
          <ActionNote state={state} id={noteId} />
          <Button type="submit" disabled={busy} className="w-full">
            {busy ? 'Sending...' : 'Send me a link'}
          </Button>
        </form>
      )}
      <Link
        to={paths.login}
        className="mt-6 block text-center text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
      >
        Back to sign in
      </Link>
    </LinkCard>
  );
}
