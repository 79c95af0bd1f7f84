import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/types.ts';
import { createTestDatabase, TEST_DATABASES } from '../../test/databases.ts';
import { manualClock } from '../../test/manual-clock.ts';
import { createUsageService, STALE_HOLD_MS, UnitsExhaustedError } from './usage.service.ts';

async function addUser(db: Kysely<DB>, id: string, plan = 'free') {
  await db
    .insertInto('users')
    .values({
      id,
      username: id,
      username_key: id,
      email: `${id}@example.com`,
      email_key: `${id}@example.com`,
      mobile: '9876543210',
      full_name: id,
      avatar: null,
      plan,
      pin_hash: 'x',
      email_verified_at: null,
      created_at: new Date().toISOString(),
    })
    .execute();
}

describe.each(TEST_DATABASES)('usage cycles on %s', (kind) => {
  let database: Database;
  const clock = manualClock('2026-01-31T12:00:00.000Z');
  let usage: ReturnType<typeof createUsageService>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    usage = createUsageService({ db: database.db, clock });
  });
  afterAll(() => database.close());

  /** A unit taken and kept, as for an answer that was stored. */
  async function spend(userId: string): Promise<void> {
    const hold = await usage.takeUnit(userId);
    await database.db.transaction().execute((tx) => usage.keepUnit(tx, hold));
  }

  it('gives a new Free user 99 units and takes them one by one', async () => {
    await addUser(database.db, 'u1');
    await usage.openFirstCycle(database.db, 'u1');
    expect(await usage.availableUnits('u1')).toBe(99);
    const hold = await usage.takeUnit('u1');
    expect(await usage.availableUnits('u1')).toBe(98);
    await usage.giveUnitBack(hold);
    expect(await usage.availableUnits('u1')).toBe(99);
  });

  it('lets exactly 3 of 50 racing requests take the last 3 units', async () => {
    await addUser(database.db, 'u2');
    await usage.openFirstCycle(database.db, 'u2');
    await database.db
      .updateTable('usage_cycles')
      .set({ units_used: 96 })
      .where('user_id', '=', 'u2')
      .execute();
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => usage.takeUnit('u2')),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const rejected = results.filter((r) => r.status === 'rejected');
    expect(rejected.every((r) => r.reason instanceof UnitsExhaustedError)).toBe(true);
    expect(await usage.availableUnits('u2')).toBe(0);
  });

  it('resets at the end of a calendar month without rollover', async () => {
    clock.set('2026-01-31T12:00:00.000Z');
    await addUser(database.db, 'u3');
    await usage.openFirstCycle(database.db, 'u3');
    await spend('u3');
    clock.set('2026-02-28T11:59:00.000Z');
    expect(await usage.availableUnits('u3')).toBe(98);
    clock.set('2026-02-28T12:00:01.000Z');
    expect(await usage.availableUnits('u3')).toBe(99);
    const cycles = await database.db
      .selectFrom('usage_cycles')
      .selectAll()
      .where('user_id', '=', 'u3')
      .orderBy('starts_at')
      .execute();
    expect(cycles.map((c) => c.starts_at)).toEqual([
      '2026-01-31T12:00:00.000Z',
      '2026-02-28T12:00:00.000Z',
    ]);
  });

  it('falls back from an unrenewed Pro cycle to Free', async () => {
    clock.set('2026-03-10T00:00:00.000Z');
    await addUser(database.db, 'u4');
    await usage.openFirstCycle(database.db, 'u4');
    await database.db.transaction().execute((tx) => usage.startPlan(tx, 'u4', 'pro'));
    expect(await usage.availableUnits('u4')).toBe(299);
    clock.set('2026-04-10T00:00:01.000Z');
    expect(await usage.availableUnits('u4')).toBe(99);
    const user = await database.db
      .selectFrom('users')
      .select('plan')
      .where('id', '=', 'u4')
      .executeTakeFirstOrThrow();
    expect(user.plan).toBe('free');
  });

  it('never limits Enterprise', async () => {
    await addUser(database.db, 'u5', 'enterprise');
    await usage.openFirstCycle(database.db, 'u5', 'enterprise');
    expect(await usage.availableUnits('u5')).toBeNull();
    await usage.takeUnit('u5');
    expect(await usage.availableUnits('u5')).toBeNull();
  });

  it('opens one cycle when many requests cross a month end at once', async () => {
    clock.set('2026-05-01T00:00:00.000Z');
    await addUser(database.db, 'u6');
    await usage.openFirstCycle(database.db, 'u6');
    clock.set('2026-06-01T00:00:01.000Z');
    await Promise.all(Array.from({ length: 10 }, () => usage.takeUnit('u6')));
    expect(await usage.availableUnits('u6')).toBe(89);
    const cycles = await database.db
      .selectFrom('usage_cycles')
      .select('id')
      .where('user_id', '=', 'u6')
      .execute();
    expect(cycles).toHaveLength(2);
  });

  const holds = async (userId: string) =>
    (
      await database.db
        .selectFrom('unit_holds')
        .innerJoin('usage_cycles', 'usage_cycles.id', 'unit_holds.cycle_id')
        .select('unit_holds.id')
        .where('usage_cycles.user_id', '=', userId)
        .execute()
    ).length;

  it('holds a taken unit until it is kept or given back, and gives it back once', async () => {
    await addUser(database.db, 'u7');
    await usage.openFirstCycle(database.db, 'u7');
    const kept = await usage.takeUnit('u7');
    const dropped = await usage.takeUnit('u7');
    expect(await holds('u7')).toBe(2);

    await database.db.transaction().execute((tx) => usage.keepUnit(tx, kept));
    await Promise.all([usage.giveUnitBack(dropped), usage.giveUnitBack(dropped)]);
    expect(await holds('u7')).toBe(0);
    expect(await usage.availableUnits('u7')).toBe(98);
  });

  it('gives back a unit whose request died with its process, once the hold is stale', async () => {
    await addUser(database.db, 'u8');
    await usage.openFirstCycle(database.db, 'u8');
    await database.db
      .updateTable('usage_cycles')
      .set({ units_used: 98 })
      .where('user_id', '=', 'u8')
      .execute();
    // The last unit is taken, then the process dies: the unit is neither kept nor given back.
    await usage.takeUnit('u8');

    clock.advance(STALE_HOLD_MS - 1_000);
    await expect(usage.takeUnit('u8')).rejects.toBeInstanceOf(UnitsExhaustedError);
    expect(await usage.availableUnits('u8')).toBe(0);

    clock.advance(2_000);
    const seen = await Promise.all([usage.availableUnits('u8'), usage.availableUnits('u8')]);
    expect(seen).toContain(1);
    expect(await usage.availableUnits('u8')).toBe(1);
    expect(await holds('u8')).toBe(0);
    await usage.takeUnit('u8');
    expect(await usage.availableUnits('u8')).toBe(0);
  });
});
