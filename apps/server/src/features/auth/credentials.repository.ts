import type { Kysely, Transaction } from 'kysely';
import type { DB, UserUpdate } from '../../db/types.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** Sessions not revoked and not expired, newest first. */
export function liveSessions(db: Db, userId: string, now: Date) {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen_at', 'user_agent'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .orderBy('created_at', 'desc')
    .limit(200)
    .execute();
}

/** Revokes the user's live sessions, all or one, or all but one; answers how many ended. */
export async function revokeSessions(
  db: Db,
  userId: string,
  at: Date,
  which: { only?: string; except?: string } = {},
): Promise<number> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: at.toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at.toISOString());
  if (which.only !== undefined) query = query.where('id', '=', which.only);
  if (which.except !== undefined) query = query.where('id', '!=', which.except);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Moves a session's last-seen time forward, unless another request already did lately. */
export async function touchSession(db: Db, sessionId: string, at: Date, staleBefore: Date) {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: at.toISOString() })
    .where('id', '=', sessionId)
    .where((eb) =>
      eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', staleBefore.toISOString())]),
    )
    .execute();
}

export async function updateUser(db: Db, userId: string, changes: UserUpdate): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', userId).execute();
}

export function findDevice(db: Db, deviceId: string, userId: string) {
  return db
    .selectFrom('devices')
    .select('id')
    .where('id', '=', deviceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function insertDevice(db: Db, device: { id: string; userId: string; at: Date }) {
  await db
    .insertInto('devices')
    .values({
      id: device.id,
      user_id: device.userId,
      created_at: device.at.toISOString(),
      last_used_at: device.at.toISOString(),
    })
    .execute();
}

export async function touchDevice(db: Db, deviceId: string, at: Date): Promise<void> {
  await db
    .updateTable('devices')
    .set({ last_used_at: at.toISOString() })
    .where('id', '=', deviceId)
    .execute();
}

export async function deleteDevices(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('devices').where('user_id', '=', userId).execute();
}

/** Keeps the user's `keep` most recently used devices: a bound on rows, not a rule. */
export async function trimDevices(db: Db, userId: string, keep: number): Promise<void> {
  const stale = await db
    .selectFrom('devices')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('last_used_at', 'desc')
    .offset(keep)
    .limit(100)
    .execute();
  if (stale.length === 0) return;
  await db
    .deleteFrom('devices')
    .where(
      'id',
      'in',
      stale.map((d) => d.id),
    )
    .execute();
}

/**
 * Everything the auth feature keeps about a person goes; the row stays, anonymous, because
 * payments and invoices point at it (CGST s.36). Its keys cannot be typed at registration
 * (USERNAME_PATTERN has no ":"), so the name, email and mobile are free again.
 */
export async function anonymizeUser(db: Db, userId: string, at: Date): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await db.deleteFrom('devices').where('user_id', '=', userId).execute();
  await db.deleteFrom('email_verification_tokens').where('user_id', '=', userId).execute();
  await db
    .updateTable('users')
    .set({
      username: 'deleted',
      username_key: `deleted:${userId}`,
      email: '',
      email_key: `deleted:${userId}`,
      mobile: '',
      full_name: '',
      avatar: null,
      pin_hash: '',
      deleted_at: at.toISOString(),
    })
    .where('id', '=', userId)
    .execute();
}
