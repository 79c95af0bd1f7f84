import type { Kysely } from 'kysely';

/**
 * The operator's console (DESIGN.md §15): staff roles and disabled accounts, a confirmed PIN per
 * session (sudo), the append-only log of staff actions, credit notes numbered by their own
 * per-financial-year counter (drawn like the invoices'), the daily meters (AI tokens, units,
 * 5xx answers) and the indexes the overview reads its days through.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
    .execute();
  await db.schema.alterTable('users').addColumn('disabled_at', 'text').execute();
  await db.schema.createIndex('users_created_idx').on('users').column('created_at').execute();
  await db.schema.alterTable('sessions').addColumn('sudo_until', 'text').execute();

  // Covers the overview's explanations by day and provider, and its distinct learners.
  await db.schema
    .createIndex('explanations_created_idx')
    .on('explanations')
    .columns(['created_at', 'provider', 'user_id'])
    .execute();
  await db.schema.createIndex('payments_created_idx').on('payments').column('created_at').execute();
  await db.schema.createIndex('invoices_issued_idx').on('invoices').column('issued_at').execute();
  await db.schema
    .createIndex('refunds_state_updated_idx')
    .on('refunds')
    .columns(['state', 'updated_at'])
    .execute();

  await db.schema
    .createTable('staff_actions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    // Null for the command line: the actor is then `cli`.
    .addColumn('actor_id', 'text')
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('target_label', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .execute();
  await db.schema.createIndex('staff_actions_at_idx').on('staff_actions').column('at').execute();
  await db.schema
    .createIndex('staff_actions_actor_idx')
    .on('staff_actions')
    .columns(['actor', 'at'])
    .execute();
  await db.schema
    .createIndex('staff_actions_target_idx')
    .on('staff_actions')
    .columns(['target_id', 'at'])
    .execute();

  await db.schema
    .createTable('credit_note_counters')
    .addColumn('financial_year', 'text', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('credit_notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('financial_year', 'text', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('credit_note_number', 'text', (c) => c.notNull().unique())
    // One refund per payment, so one credit note per payment.
    .addColumn('merchant_transaction_id', 'text', (c) =>
      c.notNull().unique().references('payments.merchant_transaction_id'),
    )
    .addColumn('merchant_refund_id', 'text', (c) => c.notNull())
    .addColumn('invoice_id', 'text')
    .addColumn('invoice_number', 'text')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('buyer_name', 'text', (c) => c.notNull())
    .addColumn('buyer_email', 'text', (c) => c.notNull())
    .addColumn('buyer_state', 'text')
    .addColumn('seller_json', 'text', (c) => c.notNull())
    .addColumn('taxable_paise', 'integer', (c) => c.notNull())
    .addColumn('cgst_paise', 'integer', (c) => c.notNull())
    .addColumn('sgst_paise', 'integer', (c) => c.notNull())
    .addColumn('igst_paise', 'integer', (c) => c.notNull())
    .addColumn('total_paise', 'integer', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('credit_notes_sequence_unique', ['financial_year', 'sequence'])
    .execute();
  await db.schema
    .createIndex('credit_notes_user_idx')
    .on('credit_notes')
    .columns(['user_id', 'issued_at'])
    .execute();
  await db.schema
    .createIndex('credit_notes_issued_idx')
    .on('credit_notes')
    .column('issued_at')
    .execute();

  // Counted in memory and added here in batches; '' where a dimension does not apply.
  await db.schema
    .createTable('meter_days')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('meter_days_pk', ['day', 'metric', 'provider', 'model'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('meter_days').execute();
  await db.schema.dropTable('credit_notes').execute();
  await db.schema.dropTable('credit_note_counters').execute();
  await db.schema.dropTable('staff_actions').execute();
  await db.schema.dropIndex('refunds_state_updated_idx').execute();
  await db.schema.dropIndex('invoices_issued_idx').execute();
  await db.schema.dropIndex('payments_created_idx').execute();
  await db.schema.dropIndex('explanations_created_idx').execute();
  await db.schema.alterTable('sessions').dropColumn('sudo_until').execute();
  await db.schema.dropIndex('users_created_idx').execute();
  await db.schema.alterTable('users').dropColumn('disabled_at').execute();
  await db.schema.alterTable('users').dropColumn('role').execute();
}
