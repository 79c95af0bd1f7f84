import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';

type Db = Kysely<DB> | Transaction<DB>;
type LinkTable = 'pin_reset_tokens' | 'email_change_tokens';

export async function insertPinReset(
  db: Db,
  row: { tokenHash: string; userId: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('pin_reset_tokens')
    .values({
      token_hash: row.tokenHash,
      user_id: row.userId,
      created_at: row.createdAt.toISOString(),
      expires_at: row.expiresAt.toISOString(),
      used_at: null,
    })
    .execute();
}

export async function insertEmailChange(
  db: Db,
  row: { tokenHash: string; userId: string; newEmail: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('email_change_tokens')
    .values({
      token_hash: row.tokenHash,
      user_id: row.userId,
      new_email: row.newEmail,
      created_at: row.createdAt.toISOString(),
      expires_at: row.expiresAt.toISOString(),
      used_at: null,
    })
    .execute();
}

/** The user (and, for an email change, the new address) a link was made for. */
export function findPinReset(db: Db, tokenHash: string) {
  return db
    .selectFrom('pin_reset_tokens')
    .select(['user_id'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export function findEmailChange(db: Db, tokenHash: string) {
  return db
    .selectFrom('email_change_tokens')
    .select(['user_id', 'new_email'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Spends a link: marks it used only if it was unused and unexpired, so two requests racing with
 * one link cannot both succeed.
 */
export async function spendLink(
  db: Db,
  table: LinkTable,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Unused links of a user end: a reset or a newer email change makes them moot. */
export async function expireLinks(db: Db, table: LinkTable, userId: string, now: Date) {
  await db
    .updateTable(table)
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/**
 * Every unused link of the user ends, of both kinds: a reset or change of the PIN or the email
 * leaves nothing an attacker asked for (or read from an old mailbox) that still works.
 */
export async function endAllLinks(db: Db, userId: string, now: Date): Promise<void> {
  await expireLinks(db, 'pin_reset_tokens', userId, now);
  await expireLinks(db, 'email_change_tokens', userId, now);
}

/** Deletion's step for this feature's own rows. */
export async function deleteLinksOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('pin_reset_tokens').where('user_id', '=', userId).execute();
  await db.deleteFrom('email_change_tokens').where('user_id', '=', userId).execute();
}
