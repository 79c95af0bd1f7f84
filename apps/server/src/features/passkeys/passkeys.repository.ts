import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';

type Db = Kysely<DB> | Transaction<DB>;

export type ChallengePurpose = 'register' | 'sign-in' | 'confirm';

export interface NewPasskey {
  id: string;
  userId: string;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
  name: string;
  createdAt: string;
}

export async function insertChallenge(
  db: Db,
  row: {
    id: string;
    challenge: string;
    purpose: ChallengePurpose;
    userId: string | null;
    expiresAt: string;
  },
): Promise<void> {
  await db
    .insertInto('passkey_challenges')
    .values({
      id: row.id,
      challenge: row.challenge,
      purpose: row.purpose,
      user_id: row.userId,
      expires_at: row.expiresAt,
    })
    .execute();
}

/**
 * Takes a challenge out in one statement, so of two requests answering it only one gets it.
 * Expiry is the caller's check: an expired challenge is gone either way.
 */
export function takeChallenge(
  db: Db,
  where: { id: string } | { challenge: string },
  purpose: ChallengePurpose,
  userId: string | null,
) {
  return db
    .deleteFrom('passkey_challenges')
    .where('purpose', '=', purpose)
    .where('user_id', userId === null ? 'is' : '=', userId)
    .$if('id' in where, (q) => q.where('id', '=', (where as { id: string }).id))
    .$if('challenge' in where, (q) =>
      q.where('challenge', '=', (where as { challenge: string }).challenge),
    )
    .returning(['challenge', 'expires_at'])
    .executeTakeFirst();
}

export async function deleteExpiredChallenges(db: Db, now: string): Promise<void> {
  await db.deleteFrom('passkey_challenges').where('expires_at', '<=', now).execute();
}

export async function insertPasskey(db: Db, row: NewPasskey): Promise<void> {
  await db
    .insertInto('passkeys')
    .values({
      id: row.id,
      user_id: row.userId,
      credential_id: row.credentialId,
      public_key: row.publicKey,
      counter: row.counter,
      transports: JSON.stringify(row.transports),
      device_type: row.deviceType,
      backed_up: row.backedUp ? 1 : 0,
      name: row.name,
      created_at: row.createdAt,
      last_used_at: null,
    })
    .execute();
}

export function listPasskeys(db: Db, userId: string) {
  return db
    .selectFrom('passkeys')
    .select(['id', 'name', 'created_at', 'last_used_at', 'credential_id', 'transports'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function countPasskeys(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findByCredentialId(db: Db, credentialId: string) {
  const row = await db
    .selectFrom('passkeys')
    .select(['id', 'user_id', 'credential_id', 'public_key', 'counter', 'transports'])
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
  return row && { ...row, counter: Number(row.counter) };
}

export async function recordUse(
  db: Db,
  id: string,
  use: { counter: number; deviceType: string; backedUp: boolean; at: string },
): Promise<void> {
  await db
    .updateTable('passkeys')
    .set({
      counter: use.counter,
      device_type: use.deviceType,
      backed_up: use.backedUp ? 1 : 0,
      last_used_at: use.at,
    })
    .where('id', '=', id)
    .execute();
}

/** The passkey, renamed, when it is the user's; undefined otherwise. */
export function renamePasskey(db: Db, userId: string, id: string, name: string) {
  return db
    .updateTable('passkeys')
    .set({ name })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(['id', 'name', 'created_at', 'last_used_at'])
    .executeTakeFirst();
}

/** The removed passkey's name when it was the user's; undefined otherwise. */
export async function deletePasskey(db: Db, userId: string, id: string) {
  const row = await db
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('name')
    .executeTakeFirst();
  return row?.name;
}

export async function deleteAllOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('passkeys').where('user_id', '=', userId).execute();
  await db.deleteFrom('passkey_challenges').where('user_id', '=', userId).execute();
}
