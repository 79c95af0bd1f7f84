import {
  billingMessages,
  formatPrice,
  INDIAN_STATE_CODES,
  INDIAN_STATES,
  type IndianStateCode,
  type PaymentGatewayId,
  PLANS,
} from '@grasp/contract';
import { useRef } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useProCheckout } from '../hooks/use-pro-checkout.ts';

const GATEWAY_NOTES: Record<PaymentGatewayId, string> = {
  sandbox: 'Test checkout: no real money is charged.',
  phonepe: 'Secure checkout with PhonePe: UPI, cards and net banking.',
  'phonepe-v1': 'Secure checkout with PhonePe: UPI, cards and net banking.',
};

/** Pro's buttons: sign in (visitors), and pay through the configured gateway. */
export function ProActions({
  signedIn,
  gateway,
}: {
  signedIn: boolean;
  gateway: PaymentGatewayId | null;
}) {
  const { pay, busy, error } = useProCheckout();
  const price = formatPrice(PLANS.pro.price ?? 0);
  // Uncontrolled and read at the click: a choice made on the prerendered page survives hydration.
  const stateSelect = useRef<HTMLSelectElement>(null);
  const chosenState = (): IndianStateCode | undefined => {
    const value = stateSelect.current?.value;
    return INDIAN_STATE_CODES.find((code) => code === value);
  };
  return (
    <>
      {signedIn ? null : (
        <Link to={paths.login} data-visitor-only="" className={buttonClass('secondary')}>
          Log in to get Pro
        </Link>
      )}
      <label className="flex min-w-0 flex-col gap-1 text-sm">
        <span className="text-slate-700 dark:text-slate-300">{billingMessages.stateLabel}</span>
        <select
          ref={stateSelect}
          id="pro-buyer-state"
          defaultValue=""
          className="w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
        >
          <option value="">{billingMessages.stateUnknown}</option>
          {INDIAN_STATES.map((state) => (
            <option key={state.code} value={state.code}>
              {state.name}
            </option>
          ))}
        </select>
      </label>
      <Button
        onClick={() => void pay(chosenState())}
        disabled={busy}
        aria-describedby="pro-pay-note"
      >
        {busy ? <Spinner label="Starting payment" className="h-4 w-4" /> : null}
        {busy ? 'Redirecting to payment...' : `Pay ${price} now`}
      </Button>
      {/* Two lines held: the note changes once the gateway is known, and must not move the card. */}
      <p
        id="pro-pay-note"
        className="min-h-8 text-center text-xs text-slate-500 dark:text-slate-400"
      >
        {gateway ? GATEWAY_NOTES[gateway] : 'One month of Pro, starting when the payment succeeds.'}
      </p>
      {error ? (
        <p
          role="alert"
          className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950/60 dark:text-red-200"
        >
          {error}
        </p>
      ) : null}
    </>
  );
}
