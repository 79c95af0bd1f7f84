import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { issueCreditNote } from './credit-notes.ts';
import type { PaymentGateway, RefundReport, WebhookNotice } from './gateways/payment-gateway.ts';
import * as payments from './payments.repository.ts';
import * as repo from './refunds.repository.ts';
import type { UsageService } from './usage.service.ts';

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * What an operator's refund command ends in; `refused` names why, `downgraded` whether the
 * completed refund moved the plan back to Free.
 */
export type RefundOutcome =
  | { kind: 'refused'; reason: string }
  | {
      kind: 'started';
      merchantRefundId: string;
      state: RefundReport['state'];
      downgraded: boolean;
    };

const newMerchantRefundId = () => `GRASPR_${randomBytes(12).toString('hex')}`;

/**
 * Full refunds (DESIGN.md §12): one per payment (the unique key), the gateway's report or its
 * status API completes it, and the plan falls back to Free once, claimed like the upgrade, but
 * only when the refunded payment funds the current Pro cycle: a renewal paid later keeps it.
 */
export function createRefundService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  gateway: PaymentGateway;
  usage: Pick<UsageService, 'startPlan'>;
  log: Log;
}) {
  const { db, clock, gateway, usage, log } = deps;

  /**
   * Whether the refunded payment is what the user's current Pro cycle rests on: the user is on
   * Pro, the payment started a cycle, and no other unrefunded payment started one since.
   */
  async function fundsCurrentPro(tx: Transaction<DB>, refund: repo.RefundRow): Promise<boolean> {
    const plan = await repo.lockUserPlan(tx, refund.user_id);
    if (plan?.toLowerCase() !== 'pro') return false;
    const payment = await payments.findPayment(tx, refund.merchant_transaction_id);
    if (!payment?.upgraded_at) return false;
    const renewed = await repo.laterFundingPayment(tx, {
      userId: refund.user_id,
      merchantTransactionId: payment.merchant_transaction_id,
      upgradedAt: payment.upgraded_at,
    });
    return !renewed;
  }

  /** Applies a refund's report; true when its completion moved the plan back to Free. */
  async function applyRefundReport(report: RefundReport, source: string): Promise<boolean> {
    const refund = await repo.findRefund(db, report.merchantRefundId);
    if (!refund) throw new Error(`no refund ${report.merchantRefundId}`);
    if (report.state === 'PENDING') return false;
    const at = clock.now();
    return db.transaction().execute(async (tx) => {
      const id = refund.merchant_refund_id;
      const moved = await repo.moveRefund(tx, id, report.state, report.gatewayRefundId, at);
      if (!moved) return false;
      await payments.addEvent(tx, {
        merchantTransactionId: refund.merchant_transaction_id,
        state: `REFUND_${report.state}`,
        source,
        detail: { merchantRefundId: id, amount: report.amountPaise },
        at,
      });
      if (report.state === 'COMPLETED') await issueCreditNote(tx, refund, at);
      // Decided once, as the refund completes: a later payment or refund must not reopen it.
      if (report.state !== 'COMPLETED' || !(await fundsCurrentPro(tx, refund))) return false;
      if (!(await repo.claimDowngrade(tx, id, at))) return false;
      await usage.startPlan(tx, refund.user_id, 'free');
      await payments.addEvent(tx, {
        merchantTransactionId: refund.merchant_transaction_id,
        state: 'DOWNGRADED',
        source,
        at,
      });
      return true;
    });
  }

  return {
    applyRefundReport,

    /**
     * `npm run admin -- refund <merchantTransactionId>` (and the console): a full refund of a
     * successful payment. `opened` runs in the transaction that opens the refund, before the
     * gateway is asked: the staff action's audit row commits with it or not at all.
     */
    async refund(
      merchantTransactionId: string,
      opened?: (tx: Transaction<DB>, merchantRefundId: string) => Promise<void>,
    ): Promise<RefundOutcome> {
      if (!gateway.refund) return { kind: 'refused', reason: `${gateway.id} has no refunds` };
      const payment = await payments.findPayment(db, merchantTransactionId);
      if (!payment) return { kind: 'refused', reason: 'no such payment' };
      if (payment.state !== 'PAYMENT_SUCCESS') {
        return { kind: 'refused', reason: `the payment is ${payment.state}, not PAYMENT_SUCCESS` };
      }
      const merchantRefundId = newMerchantRefundId();
      const open = await db.transaction().execute(async (tx) => {
        const inserted = await repo.insertRefund(tx, {
          merchantRefundId,
          merchantTransactionId,
          userId: payment.user_id,
          amountPaise: payment.amount_paise,
          at: clock.now(),
        });
        if (inserted) await opened?.(tx, merchantRefundId);
        return inserted;
      });
      if (!open) return { kind: 'refused', reason: 'this payment was already refunded' };
      try {
        const report = await gateway.refund({
          merchantRefundId,
          merchantTransactionId,
          amountPaise: payment.amount_paise,
        });
        const downgraded = await applyRefundReport(report, 'refund');
        return { kind: 'started', merchantRefundId, state: report.state, downgraded };
      } catch (error) {
        // The refund may have reached the gateway: it stays PENDING for reconciliation to ask.
        log.warn(
          { err: error, merchantRefundId },
          'refund request failed; reconciliation will ask',
        );
        return { kind: 'started', merchantRefundId, state: 'PENDING', downgraded: false };
      }
    },

    /** A v2 refund webhook: the refund status API decides, as for orders. */
    async confirmRefundNotice(notice: Extract<WebhookNotice, { kind: 'refund' }>): Promise<void> {
      const { merchantRefundId, event } = notice;
      const refund = await repo.findRefund(db, merchantRefundId);
      if (!refund) {
        log.warn({ event, merchantRefundId }, 'webhook for an unknown refund ignored');
        return;
      }
      if (refund.state !== 'PENDING' || !gateway.refundStatus) {
        log.info(
          { event, merchantRefundId, state: refund.state },
          'webhook for a settled refund ignored',
        );
        return;
      }
      await applyRefundReport(await gateway.refundStatus(merchantRefundId), 'webhook');
    },
  };
}
export type RefundService = ReturnType<typeof createRefundService>;
