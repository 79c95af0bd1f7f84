import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import type { GatewayReport, PaymentGateway } from './gateways/payment-gateway.ts';
import * as payments from './payments.repository.ts';
import type { PaymentService } from './payments.service.ts';
import * as refunds from './refunds.repository.ts';
import type { RefundService } from './refunds.service.ts';

interface Log {
  warn(obj: object, msg: string): void;
}

/** A payment this old still pending has lost its browser and its webhook: ask the gateway. */
export const PENDING_FOR_LONG_MS = 5 * 60_000;
/** Gateways that give no expiry (sandbox, v1): an order still pending after a day has failed. */
const FALLBACK_EXPIRY_MS = 24 * 60 * 60_000;
/** PhonePe settles an order shortly after its expireAt; ask once more before failing it. */
const EXPIRY_GRACE_MS = 10 * 60_000;
const BATCH = 100;

/** 1, 2, 4 … minutes between questions, at most an hour. */
export const backOffMs = (attempts: number) => Math.min(60_000 * 2 ** attempts, 60 * 60_000);

/**
 * Reconciliation (DESIGN.md §12): open payments and refunds are asked about through the status
 * APIs, with back-off, until they end; what decides is the gateway's status, never the browser's
 * return. Safe to run on several instances at once: every change is a compare-and-set.
 */
export function createReconciliation(deps: {
  db: Kysely<DB>;
  clock: Clock;
  gateway: PaymentGateway;
  payments: Pick<PaymentService, 'applyReport'>;
  refunds: Pick<RefundService, 'applyRefundReport'>;
  log: Log;
}) {
  const { db, clock, gateway, log } = deps;

  function expired(payment: payments.PaymentRow, report: GatewayReport, now: Date): boolean {
    const expiresAt =
      report.expiresAt?.getTime() ?? Date.parse(payment.created_at) + FALLBACK_EXPIRY_MS;
    return expiresAt + EXPIRY_GRACE_MS < now.getTime();
  }

  async function checkPayment(payment: payments.PaymentRow, now: Date): Promise<boolean> {
    const id = payment.merchant_transaction_id;
    try {
      const report = await gateway.checkStatus(id);
      if (report.status !== 'PAYMENT_PENDING') {
        await deps.payments.applyReport(report, 'reconcile');
        return true;
      }
      if (expired(payment, report, now)) {
        await deps.payments.applyReport({ ...report, status: 'TIMED_OUT' }, 'reconcile');
        return true;
      }
    } catch (error) {
      log.warn({ err: error, merchantTransactionId: id }, 'reconciliation could not ask');
    }
    const attempts = payment.check_attempts + 1;
    await payments.scheduleCheck(db, id, attempts, new Date(now.getTime() + backOffMs(attempts)));
    return false;
  }

  async function checkRefund(refund: refunds.RefundRow, now: Date): Promise<boolean> {
    const id = refund.merchant_refund_id;
    try {
      if (gateway.refundStatus) {
        const report = await gateway.refundStatus(id);
        if (report.state !== 'PENDING') {
          await deps.refunds.applyRefundReport(report, 'reconcile');
          return true;
        }
      }
    } catch (error) {
      log.warn({ err: error, merchantRefundId: id }, 'reconciliation could not ask');
    }
    const attempts = refund.check_attempts + 1;
    await refunds.scheduleRefundCheck(
      db,
      id,
      attempts,
      new Date(now.getTime() + backOffMs(attempts)),
    );
    return false;
  }

  return {
    /**
     * "Ask the gateway now" (the operator's console): the payment if still pending, and its
     * refund if that is; whether either ended. Unknown: undefined.
     */
    async checkNow(merchantTransactionId: string): Promise<boolean | undefined> {
      const now = clock.now();
      const payment = await payments.findPayment(db, merchantTransactionId);
      if (!payment) return undefined;
      let settled = false;
      if (payment.state === payments.OPEN_STATE) settled = await checkPayment(payment, now);
      const refund = await refunds.pendingRefundOf(db, merchantTransactionId);
      if (refund) settled = (await checkRefund(refund, now)) || settled;
      return settled;
    },

    /** One pass; answers how many were asked about and how many ended. */
    async run(): Promise<{ checked: number; settled: number }> {
      const now = clock.now();
      const longAgo = new Date(now.getTime() - PENDING_FOR_LONG_MS);
      const due = await payments.duePendingPayments(db, gateway.id, longAgo, now, BATCH);
      const dueRefunds = await refunds.dueRefunds(db, now, BATCH);
      let settled = 0;
      for (const payment of due) if (await checkPayment(payment, now)) settled += 1;
      for (const refund of dueRefunds) if (await checkRefund(refund, now)) settled += 1;
      return { checked: due.length + dueRefunds.length, settled };
    },
  };
}
export type Reconciliation = ReturnType<typeof createReconciliation>;
