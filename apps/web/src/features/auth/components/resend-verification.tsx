import { EMAIL_PATTERN, ERROR_MESSAGES, VALIDATION_MESSAGES } from '@grasp/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { resendVerification } from '../api/resend-verification.ts';
import { serverMessage } from '../lib/auth-errors.ts';
import { TextField } from './text-field.tsx';

type Status =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; message: string }
  | { kind: 'failed'; message: string };

/** Asks for a new verification link; the email is prefilled when the user signed in with it. */
export function ResendVerification({ initialEmail = '' }: { initialEmail?: string }) {
  const [email, setEmail] = useState(EMAIL_PATTERN.test(initialEmail) ? initialEmail : '');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address)) {
      setStatus({ kind: 'failed', message: VALIDATION_MESSAGES.invalidEmail });
      return;
    }
    setStatus({ kind: 'sending' });
    try {
      const result = await resendVerification(address);
      setStatus({ kind: 'sent', message: result.message });
    } catch (error) {
      setStatus({ kind: 'failed', message: serverMessage(error) ?? ERROR_MESSAGES.unexpected });
    }
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Resend verification email"
      className="mt-4 space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Button
        type="submit"
        variant="secondary"
        disabled={status.kind === 'sending'}
        className="w-full"
      >
        {status.kind === 'sending' ? 'Sending...' : 'Resend verification email'}
      </Button>
      <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
        {status.kind === 'sent' ? status.message : ''}
      </p>
      {status.kind === 'failed' ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {status.message}
        </p>
      ) : null}
    </form>
  );
}
