import { ADMIN_ERROR_CODES, ADMIN_MESSAGES } from '@grasp/contract';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { confirmSudo } from '../api/admin-api.ts';

export type SudoPhase = 'form' | 'working' | 'pin' | 'confirming-pin';

const isSudoRequired = (error: unknown) =>
  error instanceof ApiError && error.code === ADMIN_ERROR_CODES.sudoRequired;

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : ADMIN_MESSAGES.actionFailed;

/**
 * Runs a staff write. When the server answers SUDO_REQUIRED the PIN is asked (phase `pin`),
 * confirmed at /api/admin/sudo, and the same write is sent again; a wrong PIN asks again.
 * `run` and `submitPin` resolve true once the write has succeeded.
 */
export function useSudoAction() {
  const [phase, setPhase] = useState<SudoPhase>('form');
  const [error, setError] = useState<string | null>(null);
  const pending = useRef<(() => Promise<unknown>) | null>(null);

  const attempt = useCallback(async (action: () => Promise<unknown>): Promise<boolean> => {
    setPhase('working');
    setError(null);
    try {
      await action();
      pending.current = null;
      setPhase('form');
      return true;
    } catch (caught) {
      if (isSudoRequired(caught)) {
        pending.current = action;
        setPhase('pin');
        return false;
      }
      setError(messageOf(caught));
      setPhase('form');
      return false;
    }
  }, []);

  const submitPin = useCallback(
    async (pin: string): Promise<boolean> => {
      const action = pending.current;
      if (!action) return false;
      setPhase('confirming-pin');
      setError(null);
      try {
        await confirmSudo(pin);
      } catch (caught) {
        const wrong = caught instanceof ApiError && caught.status === 401;
        setError(wrong ? ADMIN_MESSAGES.sudoWrongPin : messageOf(caught));
        setPhase('pin');
        return false;
      }
      return attempt(action);
    },
    [attempt],
  );

  return { phase, error, run: attempt, submitPin };
}
