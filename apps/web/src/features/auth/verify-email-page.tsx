import { ERROR_MESSAGES } from '@grasp/contract';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';
import { type VerifyEmailResult, verifyEmailOnce } from './api/verify-email.ts';
import { AlertCircleIcon, CheckCircleIcon } from './components/icons.tsx';
import { ResendVerification } from './components/resend-verification.tsx';

/** /verify-email: spends the link's token once and shows what the server said (SPEC.md §2). */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [result, setResult] = useState<{ token: string; outcome: VerifyEmailResult } | null>(null);

  useEffect(() => {
    if (!token) return;
    let active = true;
    void verifyEmailOnce(token).then((outcome) => {
      if (active) setResult({ token, outcome });
    });
    return () => {
      active = false;
    };
  }, [token]);

  const outcome: VerifyEmailResult | null = !token
    ? { ok: false, message: ERROR_MESSAGES.noVerificationToken }
    : result?.token === token
      ? result.outcome
      : null;

  return (
    <main id="main" className="mx-auto w-full max-w-md flex-1 px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-2xl font-bold">Email verification</h1>
        {outcome ? <Outcome outcome={outcome} /> : <Verifying />}
        {outcome && !outcome.ok && token ? <ResendVerification /> : null}
        <Link to={paths.login} className={`${buttonClass('primary')} mt-6 w-full`}>
          Go to sign in
        </Link>
      </div>
    </main>
  );
}

function Verifying() {
  return (
    <p
      role="status"
      className="mt-6 flex items-center justify-center gap-2 text-slate-600 dark:text-slate-300"
    >
      <span
        aria-hidden="true"
        className="h-5 w-5 animate-spin rounded-full border-2 border-current border-t-transparent"
      />
      Verifying...
    </p>
  );
}

function Outcome({ outcome }: { outcome: VerifyEmailResult }) {
  const Icon = outcome.ok ? CheckCircleIcon : AlertCircleIcon;
  return (
    <div
      role={outcome.ok ? 'status' : 'alert'}
      className={`mt-6 flex flex-col items-center gap-3 rounded-lg p-4 ${
        outcome.ok
          ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-200'
          : 'bg-red-50 text-red-800 dark:bg-red-950/60 dark:text-red-200'
      }`}
    >
      <Icon className="h-10 w-10" />
      <p>{outcome.message}</p>
    </div>
  );
}
