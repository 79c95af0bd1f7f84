import { randomBytes } from 'node:crypto';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { DB, InvoicesTable } from '../../db/types.ts';

type Db = Kysely<DB> | Transaction<DB>;
export type InvoiceRow = Selectable<InvoicesTable>;

export const newInvoiceId = () => `inv_${randomBytes(12).toString('hex')}`;

/**
 * The next number of a financial year. The upsert takes the counter row's lock until the
 * transaction ends, so concurrent issuers (on any instance) queue for it; a rollback gives the
 * number back, so numbers neither repeat nor skip.
 */
export async function drawInvoiceNumber(tx: Transaction<DB>, year: string): Promise<number> {
  const row = await tx
    .insertInto('invoice_counters')
    .values({ financial_year: year, last_number: 1 })
    .onConflict((oc) =>
      oc
        .column('financial_year')
        .doUpdateSet({ last_number: sql<number>`invoice_counters.last_number + 1` }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

export async function insertInvoice(tx: Transaction<DB>, invoice: InvoiceRow): Promise<void> {
  await tx.insertInto('invoices').values(invoice).execute();
}

export function invoicesOf(db: Db, userId: string) {
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('issued_at', 'desc')
    .orderBy('sequence', 'desc')
    .execute();
}

export function findInvoice(db: Db, invoiceId: string) {
  return db.selectFrom('invoices').selectAll().where('id', '=', invoiceId).executeTakeFirst();
}

export function buyerOf(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['full_name', 'username', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
