import { type Kysely, SqliteAdapter } from 'kysely';

/**
 * The learner's account (DESIGN.md §14): forgotten-PIN and email-change links (stored only as
 * hashes), devices that signed in (OWASP device cookies), failed sign-ins as events so counts
 * age out instead of locking for ever, what a session list shows, and deleted accounts kept as
 * anonymous rows for the payments and invoices the law keeps.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('pin_reset_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('pin_reset_tokens_user_idx')
    .on('pin_reset_tokens')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('email_change_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('new_email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('email_change_tokens_user_idx')
    .on('email_change_tokens')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('devices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('devices_user_idx').on('devices').column('user_id').execute();

  // One row per wrong PIN (an attempt is written before its PIN is checked); the back-off reads
  // the last day's rows of a key, so old failures stop counting on their own.
  await db.schema
    .createTable('login_failures')
    // Numbered in the order attempts are written: parallel guesses see each other's places.
    .addColumn('id', sqlite ? 'integer' : 'bigserial', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_key_idx')
    .on('login_failures')
    .columns(['key', 'at'])
    .execute();
  await db.schema.dropTable('login_throttles').execute();

  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('last_seen_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('deleted_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
  await db.schema.alterTable('sessions').dropColumn('last_seen_at').execute();
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
  await db.schema
    .createTable('login_throttles')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  for (const table of ['login_failures', 'devices', 'email_change_tokens', 'pin_reset_tokens']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
