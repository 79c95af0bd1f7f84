import type { RefundState } from '@grasp/contract';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB, RefundsTable } from '../../db/types.ts';

type Db = Kysely<DB> | Transaction<DB>;
export type RefundRow = Selectable<RefundsTable>;

const OPEN: RefundState = 'PENDING';

/**
 * Opens the refund of a payment. The unique key on the payment makes a second refund of it a
 * conflict, whoever asks and on whichever instance: false then.
 */
export async function insertRefund(
  db: Db,
  refund: {
    merchantRefundId: string;
    merchantTransactionId: string;
    userId: string;
    amountPaise: number;
    at: Date;
  },
): Promise<boolean> {
  const result = await db
    .insertInto('refunds')
    .values({
      merchant_refund_id: refund.merchantRefundId,
      merchant_transaction_id: refund.merchantTransactionId,
      user_id: refund.userId,
      amount_paise: refund.amountPaise,
      state: OPEN,
      gateway_refund_id: null,
      downgraded_at: null,
      next_check_at: null,
      created_at: refund.at.toISOString(),
      updated_at: refund.at.toISOString(),
    })
    .onConflict((oc) => oc.column('merchant_transaction_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export function findRefund(db: Db, merchantRefundId: string) {
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('merchant_refund_id', '=', merchantRefundId)
    .executeTakeFirst();
}

/** Compare-and-set out of PENDING, so replays and racing reports move it once. */
export async function moveRefund(
  db: Db,
  merchantRefundId: string,
  next: RefundState,
  gatewayRefundId: string | null,
  at: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('refunds')
    .set({
      state: next,
      updated_at: at.toISOString(),
      ...(gatewayRefundId ? { gateway_refund_id: gatewayRefundId } : {}),
    })
    .where('merchant_refund_id', '=', merchantRefundId)
    .where('state', '=', OPEN)
    .where('state', '<>', next)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** True for exactly one caller: the one that moves the plan back to Free. */
export async function claimDowngrade(db: Db, merchantRefundId: string, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('refunds')
    .set({ downgraded_at: at.toISOString() })
    .where('merchant_refund_id', '=', merchantRefundId)
    .where('state', '=', 'COMPLETED')
    .where('downgraded_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * The user's plan, locked until the transaction ends (a no-op update: PostgreSQL locks the row,
 * SQLite the database), so refunds and upgrades of one user settle the plan one after the other.
 */
export async function lockUserPlan(db: Db, userId: string): Promise<string | undefined> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ plan: eb.ref('plan') }))
    .where('id', '=', userId)
    .returning('plan')
    .executeTakeFirst();
  return row?.plan;
}

/**
 * Whether another successful payment of the user, not refunded, started its Pro cycle at or
 * after `upgradedAt`: then that payment, not the one at `upgradedAt`, funds the current cycle.
 */
export async function laterFundingPayment(
  db: Db,
  payment: { userId: string; merchantTransactionId: string; upgradedAt: string },
): Promise<boolean> {
  const row = await db
    .selectFrom('payments')
    .leftJoin('refunds', (join) =>
      join
        .onRef('refunds.merchant_transaction_id', '=', 'payments.merchant_transaction_id')
        .on('refunds.state', '=', 'COMPLETED'),
    )
    .select('payments.merchant_transaction_id')
    .where('payments.user_id', '=', payment.userId)
    .where('payments.merchant_transaction_id', '<>', payment.merchantTransactionId)
    .where('payments.state', '=', 'PAYMENT_SUCCESS')
    .where('payments.upgraded_at', '>=', payment.upgradedAt)
    .where('refunds.merchant_refund_id', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export function dueRefunds(db: Db, now: Date, limit: number) {
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('state', '=', OPEN)
    .where((eb) =>
      eb.or([eb('next_check_at', 'is', null), eb('next_check_at', '<=', now.toISOString())]),
    )
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

export async function scheduleRefundCheck(
  db: Db,
  merchantRefundId: string,
  attempts: number,
  nextAt: Date,
): Promise<void> {
  await db
    .updateTable('refunds')
    .set({ check_attempts: attempts, next_check_at: nextAt.toISOString() })
    .where('merchant_refund_id', '=', merchantRefundId)
    .where('state', '=', OPEN)
    .execute();
}

export function pendingRefundOf(db: Db, merchantTransactionId: string) {
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('merchant_transaction_id', '=', merchantTransactionId)
    .where('state', '=', OPEN)
    .executeTakeFirst();
}
