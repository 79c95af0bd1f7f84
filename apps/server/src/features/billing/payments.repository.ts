import type { PaymentStatus } from '@grasp/contract';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB, PaymentsTable } from '../../db/types.ts';
import { newId } from '../../lib/ids.ts';

type Db = Kysely<DB> | Transaction<DB>;
export type PaymentRow = Selectable<PaymentsTable>;

/** The only state a payment leaves, except a late success (below). */
export const OPEN_STATE: PaymentStatus = 'PAYMENT_PENDING';
/** Given up on here; the gateway may still collect the money, and then the payment counts. */
export const TIMED_OUT_STATE: PaymentStatus = 'TIMED_OUT';

export function findPayment(db: Db, merchantTransactionId: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('merchant_transaction_id', '=', merchantTransactionId)
    .executeTakeFirst();
}

export async function insertPayment(
  db: Db,
  payment: {
    merchantTransactionId: string;
    userId: string;
    gateway: string;
    productId: string;
    amountPaise: number;
    buyerState: string | null;
    at: Date;
  },
): Promise<void> {
  await db
    .insertInto('payments')
    .values({
      merchant_transaction_id: payment.merchantTransactionId,
      user_id: payment.userId,
      gateway: payment.gateway,
      product_id: payment.productId,
      amount_paise: payment.amountPaise,
      state: OPEN_STATE,
      gateway_transaction_id: null,
      upgraded_at: null,
      buyer_state: payment.buyerState,
      created_at: payment.at.toISOString(),
      updated_at: payment.at.toISOString(),
    })
    .execute();
}

/**
 * Moves a payment from `from` (by default the open state) to another state. The WHERE clause
 * makes it a compare-and-set, so of two reports racing for one payment only one changes it (on
 * both databases).
 */
export async function moveState(
  db: Db,
  merchantTransactionId: string,
  next: PaymentStatus,
  gatewayTransactionId: string | null,
  at: Date,
  from: PaymentStatus = OPEN_STATE,
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({
      state: next,
      updated_at: at.toISOString(),
      ...(gatewayTransactionId ? { gateway_transaction_id: gatewayTransactionId } : {}),
    })
    .where('merchant_transaction_id', '=', merchantTransactionId)
    .where('state', '=', from)
    .where('state', '<>', next)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Claims the plan upgrade of a successful payment; true for exactly one caller, ever. */
export async function claimUpgrade(
  db: Db,
  merchantTransactionId: string,
  at: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ upgraded_at: at.toISOString() })
    .where('merchant_transaction_id', '=', merchantTransactionId)
    .where('state', '=', 'PAYMENT_SUCCESS')
    .where('upgraded_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function addEvent(
  db: Db,
  event: {
    merchantTransactionId: string;
    state: string;
    source: string;
    detail?: unknown;
    at: Date;
    /** A fixed id turns a second insert into a unique violation (used for one-time events). */
    id?: string;
  },
): Promise<void> {
  await db
    .insertInto('payment_events')
    .values({
      id: event.id ?? newId(),
      merchant_transaction_id: event.merchantTransactionId,
      state: event.state,
      source: event.source,
      detail_json: event.detail === undefined ? null : JSON.stringify(event.detail),
      created_at: event.at.toISOString(),
    })
    .execute();
}

export function eventsOf(db: Db, merchantTransactionId: string, source?: string) {
  let query = db
    .selectFrom('payment_events')
    .selectAll()
    .where('merchant_transaction_id', '=', merchantTransactionId);
  if (source) query = query.where('source', '=', source);
  return query.orderBy('created_at').orderBy('id').execute();
}

export function userPlan(db: Db, userId: string) {
  return db.selectFrom('users').select('plan').where('id', '=', userId).executeTakeFirst();
}

/** The user's payments with their refund's state, newest first. */
export function paymentsOf(db: Db, userId: string) {
  return db
    .selectFrom('payments')
    .leftJoin('refunds', 'refunds.merchant_transaction_id', 'payments.merchant_transaction_id')
    .select([
      'payments.merchant_transaction_id',
      'payments.created_at',
      'payments.amount_paise',
      'payments.state',
      'refunds.state as refund_state',
    ])
    .where('payments.user_id', '=', userId)
    .orderBy('payments.created_at', 'desc')
    .limit(100)
    .execute();
}

/** A gateway's open payments created before `createdBefore` whose next check is due. */
export function duePendingPayments(
  db: Db,
  gateway: string,
  createdBefore: Date,
  now: Date,
  limit: number,
) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('state', '=', OPEN_STATE)
    .where('gateway', '=', gateway)
    .where('created_at', '<', createdBefore.toISOString())
    .where((eb) =>
      eb.or([eb('next_check_at', 'is', null), eb('next_check_at', '<=', now.toISOString())]),
    )
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

export async function scheduleCheck(
  db: Db,
  merchantTransactionId: string,
  attempts: number,
  nextAt: Date,
): Promise<void> {
  await db
    .updateTable('payments')
    .set({ check_attempts: attempts, next_check_at: nextAt.toISOString() })
    .where('merchant_transaction_id', '=', merchantTransactionId)
    .where('state', '=', OPEN_STATE)
    .execute();
}
