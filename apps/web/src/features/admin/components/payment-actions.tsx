import type { AdminPayment } from '@grasp/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { paymentActions } from '../api/admin-api.ts';
import { useCanWrite } from '../hooks/use-staff.ts';
import { rupees } from '../lib/format.ts';
import { ActionDialog } from './action-dialog.tsx';

type Open = 'refund' | 'reconcile' | null;

const gatewayName = (gateway: string) =>
  gateway.startsWith('phonepe') ? 'PhonePe' : 'the gateway';

/** A payment can be refunded once it has succeeded and no refund is on its way or done. */
export const canRefund = (p: AdminPayment) =>
  p.state === 'PAYMENT_SUCCESS' && (p.refund === null || p.refund.state === 'FAILED');
/** Asking the gateway helps while the payment, or its refund, is still pending. */
export const canReconcile = (p: AdminPayment) =>
  p.state === 'PAYMENT_PENDING' || p.refund?.state === 'PENDING';

/** Refund and "Ask PhonePe now" for one payment, each through its dialog. */
export function PaymentActions({
  payment,
  onChanged,
}: {
  payment: AdminPayment;
  onChanged: () => void;
}) {
  const [open, setOpen] = useState<Open>(null);
  const canWrite = useCanWrite();
  const refundable = canRefund(payment);
  const pending = canReconcile(payment);
  if (!refundable && !pending) return null;
  const id = payment.merchantTransactionId;
  const done = () => {
    setOpen(null);
    onChanged();
  };
  return (
    <div className="flex flex-wrap gap-2">
      {refundable ? (
        <Button
          variant="secondary"
          className="px-2.5 py-1 text-xs"
          disabled={!canWrite}
          onClick={() => setOpen('refund')}
          aria-label={`Refund ${id}`}
        >
          Refund
        </Button>
      ) : null}
      {pending ? (
        <Button
          variant="secondary"
          className="px-2.5 py-1 text-xs whitespace-nowrap"
          disabled={!canWrite}
          onClick={() => setOpen('reconcile')}
          aria-label={`Ask ${gatewayName(payment.gateway)} now about ${id}`}
        >
          Ask {gatewayName(payment.gateway)} now
        </Button>
      ) : null}
      {open === 'refund' ? (
        <ActionDialog
          title="Refund this payment"
          summary={
            <p>
              Refunds {rupees(payment.amountPaise)} to {payment.username} through{' '}
              {gatewayName(payment.gateway)} (<span className="font-mono">{id}</span>). A credit
              note is issued, and when the refund completes the plan falls back to Free. This cannot
              be undone.
            </p>
          }
          confirmLabel="Refund"
          doneMessage={`Refund of ${id} started.`}
          action={(reason) => paymentActions.refund(id, reason)}
          onClose={() => setOpen(null)}
          onDone={done}
        />
      ) : null}
      {open === 'reconcile' ? (
        <ActionDialog
          title={`Ask ${gatewayName(payment.gateway)} now`}
          summary={
            <p>
              Asks {gatewayName(payment.gateway)} for the state of{' '}
              <span className="font-mono">{id}</span> now, instead of waiting for the next
              reconciliation.
            </p>
          }
          needsReason={false}
          confirmLabel="Ask now"
          doneMessage={`Asked ${gatewayName(payment.gateway)} about ${id}.`}
          action={(reason) => paymentActions.reconcile(id, reason)}
          onClose={() => setOpen(null)}
          onDone={done}
        />
      ) : null}
    </div>
  );
}
