import type { PaymentSummary } from '@grasp/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchBillingHistory } from '../api/billing-history.ts';

export type BillingHistoryState =
  | { status: 'loading' }
  | { status: 'ready'; payments: PaymentSummary[] }
  | { status: 'error' };

/** Loads the user's payments; `reload` asks again after a failure. */
export function useBillingHistory(): { state: BillingHistoryState; reload: () => void } {
  const [state, setState] = useState<BillingHistoryState>({ status: 'loading' });
  const current = useRef<AbortController | null>(null);
  const load = useCallback(() => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setState({ status: 'loading' });
    fetchBillingHistory(controller.signal)
      .then(({ payments }) => {
        if (!controller.signal.aborted) setState({ status: 'ready', payments });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      });
  }, []);
  useEffect(() => {
    load();
    return () => current.current?.abort();
  }, [load]);
  return { state, reload: load };
}
