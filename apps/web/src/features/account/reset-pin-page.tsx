import { ACCOUNT_MESSAGES, newPinProblem } from '@grasp/contract';
import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { PinField } from '../auth/index.ts';
import { resetPin } from './api/recovery.ts';
import { ActionNote } from './components/action-note.tsx';
import { LinkCard, Outcome } from './components/link-card.tsx';
import { useAction } from './components/use-action.ts';

const expired = (state: ReturnType<typeof useAction>['state']) =>
  state.status === 'failed' && state.message === ACCOUNT_MESSAGES.invalidToken;

/** /reset-pin?token=…: a new PIN from the mailed link; nobody is signed in by it. */
export function ResetPinPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [pin, setPin] = useState('');
  const [confirm, setConfirm] = useState('');
  const { state, run, fail, busy } = useAction();
  const noteId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = newPinProblem(pin, confirm);
    if (problem) return fail(problem);
    void run(async () => {
      try {
        return (await resetPin(token, pin, confirm)).message;
      } catch (error) {
        if (error instanceof ApiError && error.code === 'INVALID_TOKEN') {
          throw new Error(ACCOUNT_MESSAGES.invalidToken);
        }
        throw error;
      }
    });
  };

  if (!token || expired(state)) {
    return (
      <LinkCard title="Choose a new PIN">
        <Outcome ok={false} message={ACCOUNT_MESSAGES.invalidToken} />
        <Link to={paths.forgotPin} className={`${buttonClass('primary')} mt-6 w-full`}>
          Ask for a new link
        </Link>
      </LinkCard>
    );
  }
  return (
    <LinkCard title="Choose a new PIN">
      {state.status === 'done' ? (
        <>
          <Outcome ok message={state.message} />
          <Link to={paths.login} className={`${buttonClass('primary')} mt-6 w-full`}>
            Go to sign in
          </Link>
        </>
      ) : (
        <form noValidate onSubmit={submit} className="space-y-4" aria-label="Choose a new PIN">
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Every session of your account will be signed out.
          </p>
          <PinField
            label="New PIN"
            name="pin"
            autoComplete="new-password"
            value={pin}
            onValueChange={setPin}
            aria-describedby={noteId}
          />
          <PinField
            label="Confirm new PIN"
            name="confirmPin"
            autoComplete="new-password"
            value={confirm}
            onValueChange={setConfirm}
            aria-describedby={noteId}
          />
          <ActionNote state={state} id={noteId} />
          <Button type="submit" disabled={busy} className="w-full">
            {busy ? 'Saving...' : 'Save new PIN'}
          </Button>
        </form>
      )}
    </LinkCard>
  );
}
