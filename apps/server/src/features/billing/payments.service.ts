import { randomBytes } from 'node:crypto';
import {
  ERROR_CODES,
  type InitiatePaymentRequest,
  type InitiatePaymentResponse,
  type PaymentStatus,
  type PaymentStatusResponse,
  PRO_PAYMENT,
  paymentMessages,
  paymentStatusSchema,
} from '@grasp/contract';
import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { type Recorder, silentRecorder } from '../../lib/recorder.ts';
import {
  GatewayError,
  type GatewayReport,
  type PaymentGateway,
  type WebhookNotice,
} from './gateways/payment-gateway.ts';
import type { InvoiceService } from './invoices.service.ts';
import * as repo from './payments.repository.ts';
import type { UsageService } from './usage.service.ts';

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Under 35 characters of [A-Za-z0-9_-], as PhonePe requires; 96 random bits. */
const newMerchantTransactionId = () => `GRASP_${randomBytes(12).toString('hex')}`;

function statusMessage(status: PaymentStatus): string {
  if (status === 'PAYMENT_SUCCESS') return paymentMessages.success;
  if (status === 'PAYMENT_PENDING') return paymentMessages.pending;
  if (status === 'PAYMENT_CANCELLED') return paymentMessages.cancelled;
  return paymentMessages.failed;
}

/**
 * Pro payments (DESIGN.md §5): the server sets the amount, every report is verified before it
 * counts, and a payment starts a Pro cycle exactly once however often it is reported.
 */
export function createPaymentService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  gateway: PaymentGateway;
  usage: Pick<UsageService, 'startPlan'>;
  invoices: Pick<InvoiceService, 'issue'>;
  publicUrl: string;
  log: Log;
  recorder?: Recorder;
}) {
  const { db, clock, gateway, usage, invoices, publicUrl, log } = deps;
  const recorder = deps.recorder ?? silentRecorder;

  function checkOrder(user: UserRow, body: InitiatePaymentRequest): void {
    if (body.userId !== user.id) throw forbidden(paymentMessages.notYourAccount);
    if (body.productId !== undefined && body.productId !== PRO_PAYMENT.productId) {
      throw badRequest(paymentMessages.unknownProduct);
    }
    if (body.amount !== PRO_PAYMENT.amountPaise) throw badRequest(paymentMessages.amountMismatch);
    if (user.plan.toLowerCase() === 'enterprise') {
      throw new AppError(409, ERROR_CODES.conflict, paymentMessages.alreadyIncluded);
    }
  }

  async function initiate(
    user: UserRow,
    body: InitiatePaymentRequest,
  ): Promise<InitiatePaymentResponse> {
    checkOrder(user, body);
    const merchantTransactionId = newMerchantTransactionId();
    const at = clock.now();
    await db.transaction().execute(async (tx) => {
      await repo.insertPayment(tx, {
        merchantTransactionId,
        userId: user.id,
        gateway: gateway.id,
        productId: PRO_PAYMENT.productId,
        amountPaise: PRO_PAYMENT.amountPaise,
        buyerState: body.buyerState ?? null,
        at,
      });
      await repo.addEvent(tx, {
        merchantTransactionId,
        state: repo.OPEN_STATE,
        source: 'initiate',
        detail: { gateway: gateway.id, amount: PRO_PAYMENT.amountPaise },
        at,
      });
    });
    recorder.paymentState(repo.OPEN_STATE);
    try {
      const { redirectUrl } = await gateway.pay({
        merchantTransactionId,
        merchantUserId: user.id.replaceAll('-', ''),
        amountPaise: PRO_PAYMENT.amountPaise,
        redirectUrl: `${publicUrl}/payment-status?merchantTransactionId=${merchantTransactionId}`,
        callbackUrl: `${publicUrl}/api/payment/callback`,
      });
      return {
        success: true,
        redirectUrl,
        message: paymentMessages.initiated,
        merchantTransactionId,
      };
    } catch (error) {
      log.warn({ err: error, merchantTransactionId }, 'payment initiation failed');
      if (error instanceof GatewayError && error.uncertain) {
        // The gateway may hold the order: reconciliation asks it before anything is final.
        await db.transaction().execute((tx) =>
          repo.addEvent(tx, {
            merchantTransactionId,
            state: repo.OPEN_STATE,
            source: 'initiate',
            detail: { reason: 'no answer from the gateway; left for reconciliation' },
            at: clock.now(),
          }),
        );
        throw error;
      }
      await changeState(merchantTransactionId, 'PAYMENT_ERROR', null, 'initiate', {
        reason: 'gateway refused or unreachable',
      });
      throw error;
    }
  }

  async function changeState(
    merchantTransactionId: string,
    next: PaymentStatus,
    gatewayTransactionId: string | null,
    source: string,
    detail: unknown,
  ): Promise<void> {
    const at = clock.now();
    const moved = await db.transaction().execute(async (tx) => {
      if (!(await repo.moveState(tx, merchantTransactionId, next, gatewayTransactionId, at))) {
        return false;
      }
      await repo.addEvent(tx, { merchantTransactionId, state: next, source, detail, at });
      return true;
    });
    if (moved) recorder.paymentState(next);
  }

  /**
   * Applies a verified report. The state moves only out of PAYMENT_PENDING (compare-and-set),
   * and the upgrade is claimed by a conditional UPDATE in the same transaction as the new
   * cycle, so replays and racing reports upgrade once.
   */
  async function applyReport(report: GatewayReport, source: string): Promise<void> {
    const payment = await repo.findPayment(db, report.merchantTransactionId);
    if (!payment) throw notFound('Unknown transaction');
    let next = report.status;
    const detail: Record<string, unknown> = { code: report.code, amount: report.amountPaise };
    if (next === 'PAYMENT_SUCCESS' && report.amountPaise !== payment.amount_paise) {
      // Money that does not match the order is not a Pro payment; it needs a person to refund.
      log.warn({ report, expected: payment.amount_paise }, 'payment amount mismatch');
      next = 'PAYMENT_ERROR';
      detail.reason = 'amount mismatch';
    }
    // The customer paid after we had given up waiting: the money came, so the plan does too.
    const late = next === 'PAYMENT_SUCCESS' && payment.state === repo.TIMED_OUT_STATE;
    const from = late ? repo.TIMED_OUT_STATE : repo.OPEN_STATE;
    const at = clock.now();
    const recorded: string[] = [];
    await db.transaction().execute(async (tx) => {
      const id = payment.merchant_transaction_id;
      if (await repo.moveState(tx, id, next, report.gatewayTransactionId, at, from)) {
        await repo.addEvent(tx, { merchantTransactionId: id, state: next, source, detail, at });
        recorded.push(next);
      }
      if (next !== 'PAYMENT_SUCCESS' || !(await repo.claimUpgrade(tx, id, at))) return;
      await usage.startPlan(tx, payment.user_id, 'pro');
      await invoices.issue(tx, payment, at);
      await repo.addEvent(tx, { merchantTransactionId: id, state: 'UPGRADED', source, at });
      recorded.push('UPGRADED');
    });
    // Only once the transaction has committed.
    for (const state of recorded) recorder.paymentState(state);
    if (late && recorded.length > 0) {
      log.warn(
        { merchantTransactionId: payment.merchant_transaction_id, source },
        'payment completed after it had timed out here: honoured (plan and invoice given)',
      );
    }
  }

  return {
    initiate,
    applyReport,

    /**
     * A PhonePe webhook or callback about an order: what it claims counts only once the status
     * API says the same. An unknown order, or one already final (a replay, an out-of-order
     * event), changes nothing; each is logged. A timed-out order the status API calls paid is
     * honoured (see applyReport).
     */
    async confirmOrderNotice(notice: Extract<WebhookNotice, { kind: 'order' }>): Promise<void> {
      const { merchantTransactionId: id, event, claimedState } = notice;
      const source = notice.source ?? 'webhook';
      const payment = await repo.findPayment(db, id);
      if (!payment) {
        log.warn({ event, merchantTransactionId: id }, 'webhook for an unknown order ignored');
        return;
      }
      // A timed-out order may still have been paid: the status API says whether it was.
      if (payment.state !== repo.OPEN_STATE && payment.state !== repo.TIMED_OUT_STATE) {
        log.info(
          { event, merchantTransactionId: id, state: payment.state },
          'webhook for a settled order ignored',
        );
        return;
      }
      const report = await gateway.checkStatus(id);
      if (report.status === repo.OPEN_STATE) {
        log.warn(
          { event, claimedState, merchantTransactionId: id },
          'status API does not confirm the webhook yet',
        );
        return;
      }
      await applyReport(report, source);
    },

    /** The caller's payment; asks the gateway while it is still open. */
    async status(user: UserRow, merchantTransactionId: string): Promise<PaymentStatusResponse> {
      let payment = await repo.findPayment(db, merchantTransactionId);
      if (!payment || payment.user_id !== user.id) throw notFound('Unknown transaction');
      if (payment.state === repo.OPEN_STATE) {
        try {
          const report = await gateway.checkStatus(merchantTransactionId);
          if (report.merchantTransactionId === merchantTransactionId) {
            await applyReport(report, 'status-check');
          }
        } catch (error) {
          // The gateway's silence leaves the payment pending; the page asks again.
          log.warn({ err: error, merchantTransactionId }, 'payment status check failed');
        }
        payment = (await repo.findPayment(db, merchantTransactionId)) ?? payment;
      }
      const status = paymentStatusSchema.catch('PAYMENT_ERROR').parse(payment.state);
      const plan = (await repo.userPlan(db, user.id))?.plan ?? user.plan;
      return {
        success: status === 'PAYMENT_SUCCESS',
        status,
        message: statusMessage(status),
        data: {
          merchantTransactionId,
          amount: payment.amount_paise,
          productId: payment.product_id,
          plan,
        },
      };
    },
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;
