import { type CaptchaChallenge, ERROR_MESSAGES } from '@grasp/contract';
import { type Ref, useCallback, useEffect, useImperativeHandle, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { fetchCaptcha } from '../api/captcha.ts';
import { useLatest } from '../hooks/use-latest.ts';
import { AltchaWidget } from './altcha-widget.tsx';
import { TurnstileWidget } from './turnstile-widget.tsx';

export interface CaptchaHandle {
  /** Clears the token and starts over with a fresh challenge. */
  reset: () => void;
}

interface CaptchaProps {
  /** Receives the widget's payload string when solved, and '' whenever it no longer holds. */
  onToken: (token: string) => void;
  ref?: Ref<CaptchaHandle>;
}

type CaptchaState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; challenge: CaptchaChallenge; round: number };

/** A paused address (429) is told how long to wait; anything else is a failed captcha. */
function failure(error: unknown): string {
  return error instanceof ApiError && error.status === 429
    ? error.message
    : ERROR_MESSAGES.captchaFailed;
}

/** Whichever captcha the server chose (ALTCHA by default, Turnstile when configured). */
export function Captcha({ onToken, ref }: CaptchaProps) {
  const [round, setRound] = useState(0);
  const [state, setState] = useState<CaptchaState>({ status: 'loading' });
  const onTokenRef = useLatest(onToken);

  const restart = useCallback(() => {
    onTokenRef.current('');
    setRound((r) => r + 1);
  }, [onTokenRef]);
  useImperativeHandle(ref, () => ({ reset: restart }), [restart]);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchCaptcha(controller.signal).then(
      (challenge) => {
        if (!controller.signal.aborted) setState({ status: 'ready', challenge, round });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', message: failure(error) });
      },
    );
    return () => controller.abort();
  }, [round]);

  const fail = () => {
    onTokenRef.current('');
    setState({ status: 'failed', message: ERROR_MESSAGES.captchaFailed });
  };

  if (state.status === 'loading') {
    return (
      <p
        role="status"
        className="flex min-h-[65px] items-center gap-2 text-sm text-slate-500 dark:text-slate-400"
      >
        <span
          aria-hidden="true"
          className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
        />
        Loading captcha…
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="flex min-h-[65px] flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200">
        <p role="alert" className="flex-1">
          {state.message}
        </p>
        <Button variant="secondary" onClick={restart}>
          Retry
        </Button>
      </div>
    );
  }
  const { challenge } = state;
  return challenge.provider === 'altcha' ? (
    <AltchaWidget
      key={state.round}
      challenge={challenge.challenge}
      onToken={onToken}
      onError={fail}
      onExpired={restart}
    />
  ) : (
    <TurnstileWidget
      key={state.round}
      siteKey={challenge.siteKey}
      onToken={onToken}
      onError={fail}
    />
  );
}
