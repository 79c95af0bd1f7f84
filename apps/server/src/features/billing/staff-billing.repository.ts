import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.ts';

/** `%`, `_` and `\` typed in a search are literal characters, not patterns. */
const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const day = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;
const count = (value: number | string | bigint | null) => Number(value ?? 0);

export interface PaymentFilter {
  state?: string | undefined;
  q?: string | undefined;
  userId?: string | undefined;
  limit: number;
  offset: number;
}

function paymentsMatching(db: Kysely<DB>, filter: PaymentFilter) {
  let query = db.selectFrom('payments').innerJoin('users', 'users.id', 'payments.user_id');
  if (filter.state) query = query.where('payments.state', '=', filter.state);
  if (filter.userId) query = query.where('payments.user_id', '=', filter.userId);
  const { q } = filter;
  if (q) {
    const pattern = likePattern(q);
    query = query.where((eb) =>
      eb.or([
        eb('payments.merchant_transaction_id', '=', q),
        sql<boolean>`users.username_key like ${pattern} escape '\\'`,
        sql<boolean>`users.email_key like ${pattern} escape '\\'`,
      ]),
    );
  }
  return query;
}

/** Payments with their payer, refund, invoice and credit note; newest first. */
export async function searchPayments(db: Kysely<DB>, filter: PaymentFilter) {
  const [rows, total] = await Promise.all([
    paymentsMatching(db, filter)
      .leftJoin('refunds', 'refunds.merchant_transaction_id', 'payments.merchant_transaction_id')
      .leftJoin('invoices', 'invoices.merchant_transaction_id', 'payments.merchant_transaction_id')
      .leftJoin(
        'credit_notes',
        'credit_notes.merchant_transaction_id',
        'payments.merchant_transaction_id',
      )
      .select([
        'payments.merchant_transaction_id',
        'payments.user_id',
        'users.username',
        'payments.gateway',
        'payments.amount_paise',
        'payments.state',
        'payments.created_at',
        'payments.updated_at',
        'refunds.state as refund_state',
        'refunds.amount_paise as refund_amount_paise',
        'refunds.created_at as refund_created_at',
        'invoices.invoice_number',
        'credit_notes.credit_note_number',
      ])
      .orderBy('payments.created_at', 'desc')
      .orderBy('payments.merchant_transaction_id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    paymentsMatching(db, filter)
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count(total.total) };
}
export type StaffPaymentRow = Awaited<ReturnType<typeof searchPayments>>['rows'][number];

export interface DocumentFilter {
  kind?: 'invoice' | 'creditNote' | undefined;
  q?: string | undefined;
  userId?: string | undefined;
  limit: number;
  offset: number;
}

/** Invoices and credit notes in one list, newest first. */
export async function searchDocuments(db: Kysely<DB>, filter: DocumentFilter) {
  const pattern = filter.q ? likePattern(filter.q) : null;
  const invoices = () => {
    let query = db
      .selectFrom('invoices')
      .innerJoin('users', 'users.id', 'invoices.user_id')
      .select([
        'invoices.id',
        sql<string>`'invoice'`.as('kind'),
        'invoices.invoice_number as number',
        'invoices.merchant_transaction_id',
        'invoices.user_id',
        'users.username',
        'invoices.issued_at',
        'invoices.total_paise',
        sql<number>`invoices.cgst_paise + invoices.sgst_paise + invoices.igst_paise`.as(
          'tax_paise',
        ),
      ]);
    if (filter.userId) query = query.where('invoices.user_id', '=', filter.userId);
    if (pattern) {
      query = query.where((eb) =>
        eb.or([
          eb('invoices.invoice_number', '=', filter.q ?? ''),
          sql<boolean>`users.username_key like ${pattern} escape '\\'`,
        ]),
      );
    }
    return query;
  };
  const notes = () => {
    let query = db
      .selectFrom('credit_notes')
      .innerJoin('users', 'users.id', 'credit_notes.user_id')
      .select([
        'credit_notes.id',
        sql<string>`'creditNote'`.as('kind'),
        'credit_notes.credit_note_number as number',
        'credit_notes.merchant_transaction_id',
        'credit_notes.user_id',
        'users.username',
        'credit_notes.issued_at',
        'credit_notes.total_paise',
        sql<number>`credit_notes.cgst_paise + credit_notes.sgst_paise + credit_notes.igst_paise`.as(
          'tax_paise',
        ),
      ]);
    if (filter.userId) query = query.where('credit_notes.user_id', '=', filter.userId);
    if (pattern) {
      query = query.where((eb) =>
        eb.or([
          eb('credit_notes.credit_note_number', '=', filter.q ?? ''),
          sql<boolean>`users.username_key like ${pattern} escape '\\'`,
        ]),
      );
    }
    return query;
  };
  const both =
    filter.kind === 'invoice'
      ? invoices()
      : filter.kind === 'creditNote'
        ? notes()
        : invoices().unionAll(notes());
  const [rows, total] = await Promise.all([
    db
      .selectFrom(both.as('d'))
      .selectAll()
      .orderBy('issued_at', 'desc')
      .orderBy('number', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    db
      .selectFrom(both.as('d'))
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, tax_paise: Number(r.tax_paise) })),
    total: count(total.total),
  };
}

/** Per UTC day from `fromIso`: invoiced totals and their GST. */
export async function invoicedByDay(db: Kysely<DB>, fromIso: string) {
  const rows = await db
    .selectFrom('invoices')
    .select([
      day('issued_at').as('day'),
      (eb) => eb.fn.sum<number | string>('total_paise').as('gross'),
      sql<number | string>`sum(cgst_paise + sgst_paise + igst_paise)`.as('gst'),
    ])
    .where('issued_at', '>=', fromIso)
    .groupBy(day('issued_at'))
    .execute();
  return rows.map((r) => ({ day: r.day, gross: count(r.gross), gst: count(r.gst) }));
}

/** Per UTC day from `fromIso`: refunds completed (their last change is their completion). */
export async function refundedByDay(db: Kysely<DB>, fromIso: string) {
  const rows = await db
    .selectFrom('refunds')
    .select([
      day('updated_at').as('day'),
      (eb) => eb.fn.sum<number | string>('amount_paise').as('sum'),
    ])
    .where('state', '=', 'COMPLETED')
    .where('updated_at', '>=', fromIso)
    .groupBy(day('updated_at'))
    .execute();
  return rows.map((r) => ({ day: r.day, paise: count(r.sum) }));
}

/** Per UTC day from `fromIso`: payments started that day, by the state they are in now. */
export async function paymentsByDayAndState(db: Kysely<DB>, fromIso: string) {
  const rows = await db
    .selectFrom('payments')
    .select([
      day('created_at').as('day'),
      'state',
      (eb) => eb.fn.countAll<number | string>().as('n'),
    ])
    .where('created_at', '>=', fromIso)
    .groupBy([day('created_at'), 'state'])
    .execute();
  return rows.map((r) => ({ day: r.day, state: r.state, count: count(r.n) }));
}
