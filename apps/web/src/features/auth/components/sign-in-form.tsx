import { ACCOUNT_LABELS, VALIDATION_MESSAGES } from '@grasp/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { login } from '../api/login.ts';
import { isEmailNotVerified, loginErrorMessage } from '../lib/auth-errors.ts';
import { FormAlert } from './form-alert.tsx';
import { PinField } from './pin-field.tsx';
import { ResendVerification } from './resend-verification.tsx';
import { TextField } from './text-field.tsx';

interface SignInFormProps {
  /** Prefills the identifier, e.g. with the username just registered. */
  initialIdentifier?: string;
  onSignedIn: () => void;
}

export function SignInForm({ initialIdentifier = '', onSignedIn }: SignInFormProps) {
  const [identifier, setIdentifier] = useState(initialIdentifier);
  const [pin, setPin] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notVerified, setNotVerified] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const alertId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const form = event.currentTarget;
    const username = identifier.trim();
    setNotVerified(false);
    if (!username || !pin) {
      setError(VALIDATION_MESSAGES.loginRequired);
      const empty = form.elements.namedItem(username ? 'password' : 'username');
      if (empty instanceof HTMLElement) empty.focus();
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const result = await login({ username, password: pin });
      useAuth.getState().signIn(result.user, result.token);
      onSignedIn();
    } catch (failure) {
      setSubmitting(false);
      setError(loginErrorMessage(failure));
      setNotVerified(isEmailNotVerified(failure));
      alertRef.current?.focus();
    }
  }

  const missing = error === VALIDATION_MESSAGES.loginRequired;
  return (
    <>
      <form noValidate onSubmit={submit} className="space-y-4" aria-label="Sign in">
        <FormAlert id={alertId} ref={alertRef} message={error} />
        <TextField
          label="Username or email"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={identifier}
          onChange={(e) => setIdentifier(e.target.value)}
          aria-invalid={(missing && !identifier.trim()) || undefined}
          aria-describedby={missing ? alertId : undefined}
        />
        <PinField
          label="PIN"
          name="password"
          autoComplete="current-password"
          value={pin}
          onValueChange={setPin}
          aria-invalid={(missing && !pin) || undefined}
          aria-describedby={missing ? alertId : undefined}
        />
        <p className="-mt-2 text-right text-sm">
          <Link
            to={paths.forgotPin}
            className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
          >
            {ACCOUNT_LABELS.forgotPin}
          </Link>
        </p>
        <Button type="submit" disabled={submitting} className="w-full">
          {submitting ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
      {notVerified ? <ResendVerification initialEmail={identifier.trim()} /> : null}
    </>
  );
}
