import { ERROR_MESSAGES, type IndianStateCode } from '@grasp/contract';
import { useState } from 'react';
import { useAuth } from '../../../lib/auth-store.ts';
import { initiateProPayment } from '../api/initiate-payment.ts';
import { leaveSite } from '../lib/leave-site.ts';

/** The Pro pay button: sign-in check, initiation, then off to the gateway's checkout. */
export function useProCheckout() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** `buyerState`: the GST state code chosen at checkout, if any (DESIGN.md §12). */
  async function pay(buyerState?: IndianStateCode): Promise<void> {
    // Read at the click: a prerendered page can be clicked while it still renders the visitor.
    const { user } = useAuth.getState();
    if (!user) {
      window.alert(ERROR_MESSAGES.paymentLoginRequired);
      return;
    }
    setBusy(true);
    setError(null);
    const result = await initiateProPayment(user, buyerState);
    // On success the button stays busy: the browser is on its way to the checkout.
    if (result.ok && leaveSite(result.redirectUrl)) return;
    setError(result.ok ? ERROR_MESSAGES.paymentInitFailed : result.message);
    setBusy(false);
  }

  return { pay, busy, error };
}
