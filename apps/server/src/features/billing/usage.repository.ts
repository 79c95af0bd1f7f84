import type { Kysely, Transaction } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { DB } from '../../db/types.ts';

type Db = Kysely<DB> | Transaction<DB>;

const newestCycle = preparedQuery(1, (db, userId: string) =>
  db
    .selectFrom('usage_cycles')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('starts_at', 'desc')
    .limit(1),
);

export async function latestCycle(db: Db, userId: string) {
  const [cycle] = await newestCycle(db, userId);
  return cycle;
}

export async function insertCycle(
  db: Db,
  cycle: {
    id: string;
    userId: string;
    plan: string;
    startsAt: Date;
    endsAt: Date;
    unitLimit: number | null;
  },
): Promise<void> {
  await db
    .insertInto('usage_cycles')
    .values({
      id: cycle.id,
      user_id: cycle.userId,
      plan: cycle.plan,
      starts_at: cycle.startsAt.toISOString(),
      ends_at: cycle.endsAt.toISOString(),
      unit_limit: cycle.unitLimit,
    })
    .execute();
}

/** Takes one unit only while some are left; the WHERE clause makes it atomic on both databases. */
export async function takeUnitFrom(db: Db, cycleId: string): Promise<boolean> {
  const result = await db
    .updateTable('usage_cycles')
    .set((eb) => ({ units_used: eb('units_used', '+', 1) }))
    .where('id', '=', cycleId)
    .where((eb) =>
      eb.or([eb('unit_limit', 'is', null), eb('units_used', '<', eb.ref('unit_limit'))]),
    )
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function giveUnitBack(db: Db, cycleId: string): Promise<void> {
  await db
    .updateTable('usage_cycles')
    .set((eb) => ({ units_used: eb('units_used', '-', 1) }))
    .where('id', '=', cycleId)
    .where('units_used', '>', 0)
    .execute();
}

/**
 * Locks a cycle's row until the transaction ends (a no-op update: PostgreSQL locks the row, SQLite
 * the database), so one user's racing settlements run one after the other.
 */
export async function lockCycle(db: Db, cycleId: string): Promise<void> {
  await db
    .updateTable('usage_cycles')
    .set((eb) => ({ units_used: eb.ref('units_used') }))
    .where('id', '=', cycleId)
    .execute();
}

export async function insertHold(
  db: Db,
  hold: { id: string; cycleId: string; createdAt: Date },
): Promise<void> {
  await db
    .insertInto('unit_holds')
    .values({ id: hold.id, cycle_id: hold.cycleId, created_at: hold.createdAt.toISOString() })
    .execute();
}

/** Removes a hold; false when it was already gone, so whoever removes it acts on it once. */
export async function deleteHold(db: Db, holdId: string): Promise<boolean> {
  const result = await db.deleteFrom('unit_holds').where('id', '=', holdId).executeTakeFirst();
  return result.numDeletedRows === 1n;
}

export async function holdsCreatedBefore(db: Db, cycleId: string, before: Date) {
  const rows = await db
    .selectFrom('unit_holds')
    .select('id')
    .where('cycle_id', '=', cycleId)
    .where('created_at', '<', before.toISOString())
    .execute();
  return rows.map((r) => r.id);
}

export function userPlan(db: Db, userId: string) {
  return db.selectFrom('users').select('plan').where('id', '=', userId).executeTakeFirst();
}

export async function setUserPlan(db: Db, userId: string, plan: string): Promise<void> {
  await db.updateTable('users').set({ plan }).where('id', '=', userId).execute();
}

/** Ends the current cycle now, so a new one (for example Pro after a payment) starts at once. */
export async function endCycle(db: Db, cycleId: string, at: Date): Promise<void> {
  await db
    .updateTable('usage_cycles')
    .set({ ends_at: at.toISOString() })
    .where('id', '=', cycleId)
    .execute();
}

/** Turns a cycle into a fresh one of another plan (used when it started this very instant). */
export async function restartCycle(
  db: Db,
  cycleId: string,
  cycle: { plan: string; endsAt: Date; unitLimit: number | null },
): Promise<void> {
  await db
    .updateTable('usage_cycles')
    .set({
      plan: cycle.plan,
      ends_at: cycle.endsAt.toISOString(),
      unit_limit: cycle.unitLimit,
      units_used: 0,
    })
    .where('id', '=', cycleId)
    .execute();
}

/** Raises a limited cycle's limit; an unlimited one (null) is left alone. */
export async function addUnits(db: Db, cycleId: string, units: number): Promise<void> {
  await db
    .updateTable('usage_cycles')
    .set((eb) => ({ unit_limit: eb('unit_limit', '+', units) }))
    .where('id', '=', cycleId)
    .where('unit_limit', 'is not', null)
    .execute();
}

/** Account deletion: usage cycles (their holds by cascade) and renewal-mail claims. */
export async function deleteUsageOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('renew_mail_claims').where('user_id', '=', userId).execute();
  await db.deleteFrom('usage_cycles').where('user_id', '=', userId).execute();
}
