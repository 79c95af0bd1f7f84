import type { Kysely } from 'kysely';

/**
 * Passkeys (DESIGN.md §14): each account's WebAuthn credentials, and the challenges the server
 * handed out, kept server-side so any instance can check an answer and each is used once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // base64url, as the browser names it: one credential belongs to one account.
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    // The COSE public key, base64url.
    .addColumn('public_key', 'text', (c) => c.notNull())
    // The authenticator's signature counter is a uint32: past PostgreSQL's integer.
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    // JSON array of the transports the browser reported (usb, internal, hybrid…).
    .addColumn('transports', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('device_type', 'text', (c) => c.notNull())
    .addColumn('backed_up', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema
    .createIndex('passkeys_user_idx')
    .on('passkeys')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('passkey_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('challenge', 'text', (c) => c.notNull().unique())
    // register (adding a passkey), sign-in (discoverable, anyone) or confirm (a signed-in user).
    .addColumn('purpose', 'text', (c) => c.notNull())
    // The account a register or confirm challenge was given to; null for sign-in.
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('passkey_challenges_expiry_idx')
    .on('passkey_challenges')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('passkey_challenges').ifExists().execute();
  await db.schema.dropTable('passkeys').ifExists().execute();
}
