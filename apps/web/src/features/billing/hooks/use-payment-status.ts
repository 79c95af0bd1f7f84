import type { PaymentStatus } from '@grasp/contract';
import { useEffect, useState } from 'react';
import { fetchPaymentStatus, statusErrorMessage } from '../api/payment-status.ts';
import { refreshSignedInUser } from '../api/refresh-user.ts';

export type PaymentCheck =
  | { kind: 'checking' }
  | { kind: 'success'; message: string }
  | { kind: 'pending'; message: string }
  | { kind: 'failed'; status: PaymentStatus; message: string }
  | { kind: 'error'; message: string };

/** A pending payment is asked about every 2 s for about 30 s before it is shown as pending. */
export const POLL_INTERVAL_MS = 2_000;
export const POLL_ATTEMPTS = 15;

/**
 * Checks a payment until it is final (or polling gives up). `round` starts a new series of
 * checks, for the "Check again" button. Nothing runs without an id or a session.
 */
export function usePaymentStatus(id: string, token: string | null, round: number): PaymentCheck {
  const [check, setCheck] = useState<{ key: string; value: PaymentCheck } | null>(null);
  const key = `${id}|${token ?? ''}|${round}`;

  useEffect(() => {
    if (!id || !token) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = (value: PaymentCheck) => {
      if (!controller.signal.aborted) setCheck({ key, value });
    };

    async function ask(attempt: number): Promise<void> {
      try {
        const answer = await fetchPaymentStatus(id, controller.signal);
        if (controller.signal.aborted) return;
        if (answer.status === 'PAYMENT_SUCCESS') {
          settle({ kind: 'success', message: answer.message });
          await refreshSignedInUser();
        } else if (answer.status !== 'PAYMENT_PENDING') {
          settle({ kind: 'failed', status: answer.status, message: answer.message });
        } else if (attempt < POLL_ATTEMPTS) {
          timer = setTimeout(() => void ask(attempt + 1), POLL_INTERVAL_MS);
        } else {
          settle({ kind: 'pending', message: answer.message });
        }
      } catch (error) {
        settle({ kind: 'error', message: statusErrorMessage(error) });
      }
    }

    void ask(1);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [id, token, key]);

  return check?.key === key ? check.value : { kind: 'checking' };
}
