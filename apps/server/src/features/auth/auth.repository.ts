import type { Kysely, Transaction } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { DB, NewUser } from '../../db/types.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** Finds a user by username or email, both compared case-insensitively. */
export function findUserByLogin(db: Db, login: string) {
  const key = login.trim().toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('username_key', '=', key), eb('email_key', '=', key)]))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function findUserById(db: Db, id: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function findTakenFields(db: Db, usernameKey: string, emailKey: string) {
  const rows = await db
    .selectFrom('users')
    .select(['username_key', 'email_key'])
    .where((eb) => eb.or([eb('username_key', '=', usernameKey), eb('email_key', '=', emailKey)]))
    .execute();
  return {
    username: rows.some((r) => r.username_key === usernameKey),
    email: rows.some((r) => r.email_key === emailKey),
  };
}

export async function insertUser(db: Db, user: NewUser): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

export async function insertVerificationToken(
  db: Db,
  token: { tokenHash: string; userId: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('email_verification_tokens')
    .values({
      token_hash: token.tokenHash,
      user_id: token.userId,
      created_at: token.createdAt.toISOString(),
      expires_at: token.expiresAt.toISOString(),
      used_at: null,
    })
    .execute();
}

export function findVerificationToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('email_verification_tokens')
    .innerJoin('users', 'users.id', 'email_verification_tokens.user_id')
    .select([
      'email_verification_tokens.user_id',
      'email_verification_tokens.expires_at',
      'email_verification_tokens.used_at',
      'users.email_verified_at',
    ])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks the token used only if it was unused: the single-use guarantee under races. */
export async function useVerificationToken(db: Db, tokenHash: string, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('email_verification_tokens')
    .set({ used_at: at.toISOString() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function markEmailVerified(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ email_verified_at: at.toISOString() })
    .where('id', '=', userId)
    .where('email_verified_at', 'is', null)
    .execute();
}

export async function insertSession(
  db: Db,
  session: {
    id: string;
    userId: string;
    createdAt: Date;
    expiresAt: Date;
    userAgent: string | null;
  },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      created_at: session.createdAt.toISOString(),
      expires_at: session.expiresAt.toISOString(),
      revoked_at: null,
      user_agent: session.userAgent,
      last_seen_at: session.createdAt.toISOString(),
    })
    .execute();
}

const sessionUser = preparedQuery(3, (db, sessionId: string, userId: string, now: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .where('sessions.id', '=', sessionId)
    .where('sessions.user_id', '=', userId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .where('users.disabled_at', 'is', null),
);

/** The user of a live session, or undefined when revoked, expired or unknown. */
export async function findSessionUser(db: Db, sessionId: string, userId: string, now: Date) {
  const [user] = await sessionUser(db, sessionId, userId, now.toISOString());
  return user;
}

export async function revokeSession(db: Db, sessionId: string, at: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: at.toISOString() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Single use of a captcha token: the primary key refuses a second insert. */
export async function recordCaptchaUse(db: Db, tokenHash: string, expiresAt: Date): Promise<void> {
  await db
    .insertInto('captcha_uses')
    .values({ token_hash: tokenHash, expires_at: expiresAt.toISOString() })
    .execute();
}

export async function deleteExpiredCaptchaUses(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('captcha_uses').where('expires_at', '<', now.toISOString()).execute();
}
