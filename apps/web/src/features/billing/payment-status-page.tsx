import { ERROR_MESSAGES } from '@grasp/contract';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { Checking, PaymentOutcome } from './components/payment-outcome.tsx';
import { usePaymentStatus } from './hooks/use-payment-status.ts';

/** /payment-status (SPEC.md §2, §4): where the gateway sends the customer back to. */
export function PaymentStatusPage() {
  const [params] = useSearchParams();
  const id = params.get('merchantTransactionId')?.trim() ?? '';
  const token = useAuth((s) => s.token);
  const [round, setRound] = useState(0);
  const check = usePaymentStatus(id, token, round);
  const here = `${paths.paymentStatus}?merchantTransactionId=${encodeURIComponent(id)}`;

  return (
    <main id="main" className="mx-auto w-full max-w-md flex-1 px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-2xl font-bold">Payment status</h1>
        {!id ? (
          <p
            role="alert"
            className="mt-6 rounded-lg bg-red-50 p-4 text-red-800 dark:bg-red-950/60 dark:text-red-200"
          >
            {ERROR_MESSAGES.noTransactionId}
          </p>
        ) : !token ? (
          <div role="status" className="mt-6 space-y-4">
            <p>Please log in to see the status of your payment.</p>
            <Link
              to={paths.login}
              state={{ redirectTo: here }}
              className={buttonClass('secondary')}
            >
              Log in
            </Link>
          </div>
        ) : check.kind === 'checking' ? (
          <Checking />
        ) : (
          <PaymentOutcome check={check} onRetry={() => setRound((n) => n + 1)} />
        )}
        {id && check.kind !== 'checking' ? (
          <p className="mt-4 break-all text-xs text-slate-500 dark:text-slate-400">
            Transaction {id}
          </p>
        ) : null}
        <Link to={paths.dashboard} className={`${buttonClass('primary')} mt-6 w-full`}>
          Go to Dashboard
        </Link>
        {check.kind === 'failed' || check.kind === 'error' ? (
          <Link to={paths.pricing} className={`${buttonClass('ghost')} mt-2 w-full`}>
            Back to pricing
          </Link>
        ) : null}
      </div>
    </main>
  );
}
