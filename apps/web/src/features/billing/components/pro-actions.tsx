import { formatPrice, type PaymentGatewayId, PLANS } from '@grasp/contract';
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
  return (
    <>
      {signedIn ? null : (
        <Link to={paths.login} data-visitor-only="" className={buttonClass('secondary')}>
          Log in to get Pro
        </Link>
      )}
      <Button onClick={() => void pay()} disabled={busy} aria-describedby="pro-pay-note">
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
