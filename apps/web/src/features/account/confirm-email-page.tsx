import { ACCOUNT_MESSAGES } from '@grasp/contract';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { recheckSession } from '../auth/index.ts';
import { confirmEmail } from './api/recovery.ts';
import { LinkCard, Outcome } from './components/link-card.tsx';

type Result = { ok: boolean; message: string };

/** The link's token is spent once per page load, even under React's double effects. */
const confirmations = new Map<string, Promise<Result>>();
function confirmOnce(token: string): Promise<Result> {
  let pending = confirmations.get(token);
  if (!pending) {
    pending = confirmEmail(token).then(
      (answer) => ({ ok: true, message: answer.message }),
      (error: unknown) => ({
        ok: false,
        message:
          error instanceof ApiError && error.code !== 'INVALID_TOKEN'
            ? error.message
            : ACCOUNT_MESSAGES.invalidToken,
      }),
    );
    confirmations.set(token, pending);
  }
  return pending;
}

/** /confirm-email?token=…: the new address confirms itself; the change happens now. */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [result, setResult] = useState<Result | null>(null);
  const signedIn = useAuth((s) => s.token !== null);

  useEffect(() => {
    if (!token) return;
    let active = true;
    void confirmOnce(token).then((outcome) => {
      if (!active) return;
      setResult(outcome);
      // A browser signed in to the account shows the new address from now on.
      if (outcome.ok) void recheckSession();
    });
    return () => {
      active = false;
    };
  }, [token]);

  const outcome = token ? result : { ok: false, message: ACCOUNT_MESSAGES.invalidToken };
  return (
    <LinkCard title="Confirm your new email">
      {outcome ? (
        <Outcome ok={outcome.ok} message={outcome.message} />
      ) : (
        <p role="status" className="flex items-center gap-2 text-slate-600 dark:text-slate-300">
          <Spinner label="Confirming" className="h-5 w-5" />
          Confirming...
        </p>
      )}
      {outcome ? (
        <Link
          to={signedIn ? paths.account : paths.login}
          className={`${buttonClass('primary')} mt-6 w-full`}
        >
          {signedIn ? 'Back to your account' : 'Go to sign in'}
        </Link>
      ) : null}
    </LinkCard>
  );
}
