import { PASSKEY_MESSAGES } from '@grasp/contract';
import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { StrokeIcon } from '../../../components/ui/stroke-icon.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { getPasskey, passkeyErrorMessage, passkeysSupported } from '../../../lib/webauthn.ts';
import { fetchPasskeyChallenge, signInWithPasskey } from '../api/passkey-sign-in.ts';
import { FormAlert } from './form-alert.tsx';

/**
 * "Sign in with a passkey" (DESIGN.md §14): discoverable credentials, so the browser offers the
 * account; shown only where the browser can use passkeys.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [supported] = useState(passkeysSupported);
  const [waiting, setWaiting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const alertId = useId();
  if (!supported) return null;

  async function signIn() {
    setWaiting(true);
    setError(null);
    try {
      const { challengeId, options } = await fetchPasskeyChallenge();
      const result = await signInWithPasskey(challengeId, await getPasskey(options));
      useAuth.getState().signIn(result.user, result.token);
      onSignedIn();
    } catch (failure) {
      setWaiting(false);
      setError(passkeyErrorMessage(failure));
      alertRef.current?.focus();
    }
  }

  return (
    <div className="mt-6 space-y-3">
      <div className="flex items-center gap-3 text-xs text-slate-500 uppercase dark:text-slate-400">
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
        or
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
      </div>
      <FormAlert id={alertId} ref={alertRef} message={error} />
      <Button
        variant="secondary"
        className="w-full"
        onClick={() => void signIn()}
        disabled={waiting}
        aria-describedby={error ? alertId : undefined}
      >
        <StrokeIcon className="h-5 w-5">
          <circle cx="8" cy="15" r="4" />
          <path d="M10.85 12.15 19 4M18 5l2 2M15 8l2 2" />
        </StrokeIcon>
        {waiting ? PASSKEY_MESSAGES.signingIn : PASSKEY_MESSAGES.signIn}
      </Button>
    </div>
  );
}
