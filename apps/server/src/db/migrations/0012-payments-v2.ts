import { type Kysely, sql } from 'kysely';

/**
 * Payments as DESIGN.md §12 runs them: the buyer's state and the reconciliation's back-off on
 * each payment, one refund per payment (the unique key refuses a second), tax invoices numbered
 * by a per-financial-year counter row (incremented in the transaction that issues the invoice,
 * so a rollback gives the number back and no two instances draw the same one), and the claim
 * row that lets one "renew" mail go per Pro cycle.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('buyer_state', 'text').execute();
  await db.schema
    .alterTable('payments')
    .addColumn('check_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('payments').addColumn('next_check_at', 'text').execute();
  // Until now `phonepe` named the salt-key API, which is `phonepe-v1` from here on.
  await sql`update payments set gateway = 'phonepe-v1' where gateway = 'phonepe'`.execute(db);
  await db.schema
    .createIndex('payments_state_check_idx')
    .on('payments')
    .columns(['state', 'next_check_at'])
    .execute();
  await db.schema
    .createIndex('payments_user_idx')
    .on('payments')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('refunds')
    .addColumn('merchant_refund_id', 'text', (c) => c.primaryKey())
    .addColumn('merchant_transaction_id', 'text', (c) =>
      c.notNull().unique().references('payments.merchant_transaction_id'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('amount_paise', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('gateway_refund_id', 'text')
    .addColumn('downgraded_at', 'text')
    .addColumn('check_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_check_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('invoice_counters')
    .addColumn('financial_year', 'text', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('invoices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('financial_year', 'text', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('invoice_number', 'text', (c) => c.notNull().unique())
    .addColumn('merchant_transaction_id', 'text', (c) =>
      c.notNull().unique().references('payments.merchant_transaction_id'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('buyer_name', 'text', (c) => c.notNull())
    .addColumn('buyer_email', 'text', (c) => c.notNull())
    .addColumn('buyer_state', 'text')
    // The seller as configured when the invoice was issued; a later change must not rewrite it.
    .addColumn('seller_json', 'text', (c) => c.notNull())
    .addColumn('taxable_paise', 'integer', (c) => c.notNull())
    .addColumn('cgst_paise', 'integer', (c) => c.notNull())
    .addColumn('sgst_paise', 'integer', (c) => c.notNull())
    .addColumn('igst_paise', 'integer', (c) => c.notNull())
    .addColumn('total_paise', 'integer', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('invoices_year_sequence_key', ['financial_year', 'sequence'])
    .execute();
  await db.schema
    .createIndex('invoices_user_idx')
    .on('invoices')
    .columns(['user_id', 'issued_at'])
    .execute();

  await db.schema
    .createTable('renew_mail_claims')
    .addColumn('cycle_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('renew_mail_claims').ifExists().execute();
  await db.schema.dropTable('invoices').ifExists().execute();
  await db.schema.dropTable('invoice_counters').ifExists().execute();
  await db.schema.dropTable('refunds').ifExists().execute();
  await db.schema.dropIndex('payments_user_idx').ifExists().execute();
  await db.schema.dropIndex('payments_state_check_idx').ifExists().execute();
  await sql`update payments set gateway = 'phonepe' where gateway = 'phonepe-v1'`.execute(db);
  await db.schema.alterTable('payments').dropColumn('next_check_at').execute();
  await db.schema.alterTable('payments').dropColumn('check_attempts').execute();
  await db.schema.alterTable('payments').dropColumn('buyer_state').execute();
}
