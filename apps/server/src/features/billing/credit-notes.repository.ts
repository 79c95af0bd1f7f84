import { randomBytes } from 'node:crypto';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { CreditNotesTable, DB } from '../../db/types.ts';

type Db = Kysely<DB> | Transaction<DB>;
export type CreditNoteRow = Selectable<CreditNotesTable>;

export const newCreditNoteId = () => `cn_${randomBytes(12).toString('hex')}`;

/** The next credit-note number of a financial year: drawn like an invoice's (its own counter). */
export async function drawCreditNoteNumber(tx: Transaction<DB>, year: string): Promise<number> {
  const row = await tx
    .insertInto('credit_note_counters')
    .values({ financial_year: year, last_number: 1 })
    .onConflict((oc) =>
      oc
        .column('financial_year')
        .doUpdateSet({ last_number: sql<number>`credit_note_counters.last_number + 1` }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

export async function insertCreditNote(tx: Transaction<DB>, note: CreditNoteRow): Promise<void> {
  await tx.insertInto('credit_notes').values(note).execute();
}

export function creditNoteOfPayment(db: Db, merchantTransactionId: string) {
  return db
    .selectFrom('credit_notes')
    .selectAll()
    .where('merchant_transaction_id', '=', merchantTransactionId)
    .executeTakeFirst();
}

export function creditNotesOf(db: Db, userId: string) {
  return db
    .selectFrom('credit_notes')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('issued_at', 'desc')
    .execute();
}

export function findCreditNote(db: Db, id: string) {
  return db.selectFrom('credit_notes').selectAll().where('id', '=', id).executeTakeFirst();
}

export function invoiceOfPayment(db: Db, merchantTransactionId: string) {
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('merchant_transaction_id', '=', merchantTransactionId)
    .executeTakeFirst();
}
