import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';

type Db = Kysely<DB> | Transaction<DB>;

export function settingsOf(db: Db, userId: string) {
  return db
    .selectFrom('notification_settings')
    .select(['email', 'push', 'hour', 'timezone'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function saveSettings(
  db: Db,
  userId: string,
  s: { email: boolean; push: boolean; hour: number; timezone: string; now: string },
): Promise<void> {
  const values = {
    email: s.email ? 1 : 0,
    push: s.push ? 1 : 0,
    hour: s.hour,
    timezone: s.timezone,
    updated_at: s.now,
  };
  await db
    .insertInto('notification_settings')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

export async function turnOffEmail(db: Db, userId: string, now: string): Promise<void> {
  await db
    .updateTable('notification_settings')
    .set({ email: 0, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
}

/**
 * Saves a device's subscription, as the user's newest; an endpoint seen before moves to this user
 * (a shared device).
 */
export async function saveSubscription(
  db: Db,
  row: { id: string; userId: string; endpoint: string; p256dh: string; auth: string; now: string },
): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values({
      id: row.id,
      user_id: row.userId,
      endpoint: row.endpoint,
      p256dh: row.p256dh,
      auth: row.auth,
      created_at: row.now,
    })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        user_id: row.userId,
        p256dh: row.p256dh,
        auth: row.auth,
        created_at: row.now,
      }),
    )
    .execute();
}

/** Forgets all but the user's `keep` newest devices. */
export async function keepNewestSubscriptions(db: Db, userId: string, keep: number) {
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('push_subscriptions')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(keep),
    )
    .execute();
}

export async function deleteSubscription(db: Db, userId: string, endpoint: string) {
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .execute();
}

export async function deleteEndpoints(db: Db, endpoints: readonly string[]): Promise<void> {
  if (endpoints.length === 0) return;
  await db.deleteFrom('push_subscriptions').where('endpoint', 'in', endpoints).execute();
}

export function subscriptionsOf(db: Db, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('push_subscriptions')
    .select(['user_id', 'endpoint', 'p256dh', 'auth'])
    .where('user_id', 'in', userIds)
    .execute();
}

/** The zones of users with a reminder on: a few hundred at most, whatever the number of users. */
export async function activeZones(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('notification_settings')
    .select('timezone')
    .distinct()
    .where((eb) => eb.or([eb('email', '=', 1), eb('push', '=', 1)]))
    .execute();
  return rows.map((r) => r.timezone);
}

/** Zones that are at one local hour on one local day now. */
export interface ZoneGroup {
  hour: number;
  day: string;
  zones: string[];
}

const recipient = [
  'notification_settings.user_id',
  'notification_settings.email',
  'notification_settings.push',
  'notification_settings.timezone',
  'users.email as address',
  'users.email_verified_at',
  'users.interface_language',
] as const;

/**
 * Users whose reminder hour is the hour it is now in their zone and who have no reminder
 * claimed for their day yet, in user id order from a cursor.
 */
export function freshRecipients(
  db: Db,
  groups: readonly ZoneGroup[],
  afterUserId: string,
  limit: number,
) {
  return db
    .selectFrom('notification_settings')
    .innerJoin('users', 'users.id', 'notification_settings.user_id')
    .select(recipient)
    .where((eb) =>
      eb.or([eb('notification_settings.email', '=', 1), eb('notification_settings.push', '=', 1)]),
    )
    .where((eb) =>
      eb.or(
        groups.map((g) =>
          eb.and([
            eb('notification_settings.timezone', 'in', g.zones),
            eb('notification_settings.hour', '=', g.hour),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('reminder_claims')
                  .select(eb.lit(1).as('one'))
                  .whereRef('reminder_claims.user_id', '=', 'notification_settings.user_id')
                  .where('reminder_claims.day', '=', g.day),
              ),
            ),
          ]),
        ),
      ),
    )
    .where('notification_settings.user_id', '>', afterUserId)
    .orderBy('notification_settings.user_id')
    .limit(limit)
    .execute();
}

/** Failed claims whose retry is due, with their users' settings, in claim id order. */
export function failedClaims(
  db: Db,
  q: { since: string; retryBefore: string; maxAttempts: number; afterId: string; limit: number },
) {
  return db
    .selectFrom('reminder_claims')
    .innerJoin('notification_settings', 'notification_settings.user_id', 'reminder_claims.user_id')
    .innerJoin('users', 'users.id', 'reminder_claims.user_id')
    .select([...recipient, 'reminder_claims.id as claim_id', 'reminder_claims.day'])
    .where('reminder_claims.state', '=', 'failed')
    .where('reminder_claims.updated_at', '<=', q.retryBefore)
    .where('reminder_claims.created_at', '>=', q.since)
    .where('reminder_claims.attempts', '<', q.maxAttempts)
    .where('reminder_claims.id', '>', q.afterId)
    .orderBy('reminder_claims.id')
    .limit(q.limit)
    .execute();
}

/**
 * Claims the day's reminder of these users; a claim another instance made first is left alone.
 * Answers the claims this call made: only their users may be sent a reminder.
 */
export async function insertClaims(
  db: Db,
  claims: readonly { id: string; userId: string; day: string; due: number }[],
  now: string,
) {
  if (claims.length === 0) return [];
  return db
    .insertInto('reminder_claims')
    .values(
      claims.map((c) => ({
        id: c.id,
        user_id: c.userId,
        day: c.day,
        state: 'sending',
        due: c.due,
        created_at: now,
        updated_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
    .returning('id')
    .execute();
}

/**
 * Claims left `sending` since before `staleBefore` (their instance died mid-run) become failed
 * with `attemptsLeft` tries left, so the failed claims' retry sends them; their last change is
 * kept, so the retry is due at once.
 */
export async function failStaleClaims(
  db: Db,
  q: { since: string; staleBefore: string; attemptsLeft: number; maxAttempts: number },
): Promise<void> {
  await db
    .updateTable('reminder_claims')
    .set((eb) => ({
      state: 'failed',
      attempts: sql<number>`case when ${eb.ref('attempts')} > ${q.maxAttempts - q.attemptsLeft} then ${eb.ref('attempts')} else ${q.maxAttempts - q.attemptsLeft} end`,
    }))
    .where('state', '=', 'sending')
    .where('updated_at', '<=', q.staleBefore)
    .where('created_at', '>=', q.since)
    .where('attempts', '<', q.maxAttempts)
    .execute();
}

/** Takes failed claims back for another attempt; of two instances only one gets each. */
export function reclaim(db: Db, claimIds: readonly string[], retryBefore: string, now: string) {
  if (claimIds.length === 0) return Promise.resolve([]);
  return (
    db
      .updateTable('reminder_claims')
      .set((eb) => ({ state: 'sending', attempts: eb('attempts', '+', 1), updated_at: now }))
      .where('id', 'in', claimIds)
      .where('state', '=', 'failed')
      // A claim another instance retried (and failed again) meanwhile has moved on.
      .where('updated_at', '<=', retryBefore)
      .returning('id')
      .execute()
  );
}

export async function settleClaims(
  db: Db,
  claimIds: readonly string[],
  state: 'sent' | 'failed',
  now: string,
): Promise<void> {
  if (claimIds.length === 0) return;
  await db
    .updateTable('reminder_claims')
    .set({ state, updated_at: now })
    .where('id', 'in', claimIds)
    .where('state', '=', 'sending')
    .execute();
}

export type PushTargetRow = Awaited<ReturnType<typeof subscriptionsOf>>[number];

/** Account deletion: settings, push subscriptions and the record of reminders sent. */
export async function deleteRemindersOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('notification_settings').where('user_id', '=', userId).execute();
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
  await db.deleteFrom('reminder_claims').where('user_id', '=', userId).execute();
}
