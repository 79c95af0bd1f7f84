import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { manualClock } from '../../test/manual-clock.ts';
import { createUsageService } from './usage.service.ts';

const READER_NOW = '2026-05-10T09:00:00.000Z';
const AHEAD_MS = 5 * 60_000;

/**
 * Clocks differ between instances and the admin command (DESIGN.md §16): a cycle that begins a
 * few minutes after this server's clock is still the current one.
 */
describe.each(TEST_DATABASES)('usage cycles opened by a clock running ahead, on %s', (kind) => {
  const clock = manualClock(READER_NOW);
  const aheadClock = manualClock(new Date(Date.parse(READER_NOW) + AHEAD_MS).toISOString());
  let t: TestApp;
  let ahead: FastifyInstance;

  beforeAll(async () => {
    t = await buildTestApp(kind, { clock, env: { RATE_LIMIT_SCALE: '50' } });
    ahead = (await buildTestApp(kind, { clock: aheadClock, database: t.database })).app;
  });
  afterAll(async () => {
    await ahead.close();
    await t.close();
  });

  const units = async (token: string, username: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/stats/units/${username}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ user: { plan: string }; available_units: number | null }>();
  };

  /** The user's cycles in order; each ends before (or as) the next begins. */
  async function expectNoOverlap(userId: string, count: number) {
    const cycles = await t.database.db
      .selectFrom('usage_cycles')
      .select(['starts_at', 'ends_at'])
      .where('user_id', '=', userId)
      .orderBy('starts_at')
      .execute();
    expect(cycles).toHaveLength(count);
    cycles.forEach((cycle, i) => {
      expect(Date.parse(cycle.ends_at)).toBeGreaterThan(Date.parse(cycle.starts_at));
      const next = cycles[i + 1];
      if (next) expect(Date.parse(cycle.ends_at)).toBeLessThanOrEqual(Date.parse(next.starts_at));
    });
  }

  it('reads a first cycle opened by an instance ahead of it', async () => {
    const { token, user } = await signedInUser(ahead, t.database.db, 'EarlyBird');
    expect(await units(token, 'EarlyBird')).toMatchObject({
      user: { plan: 'free' },
      available_units: 99,
    });
    await expectNoOverlap(user.id, 1);
  });

  it('reads a plan the admin command started on a machine ahead of it', async () => {
    const { token, user } = await signedInUser(t.app, t.database.db, 'Upgraded');
    const admin = createUsageService({ db: t.database.db, clock: aheadClock });
    await t.database.db.transaction().execute((tx) => admin.startPlan(tx, user.id, 'pro'));
    expect(await units(token, 'Upgraded')).toMatchObject({
      user: { plan: 'pro' },
      available_units: 299,
    });
    await expectNoOverlap(user.id, 2);
  });

  it('starts a plan here after one started ahead without a second overlapping cycle', async () => {
    const { token, user } = await signedInUser(t.app, t.database.db, 'Switched');
    const admin = createUsageService({ db: t.database.db, clock: aheadClock });
    await t.database.db.transaction().execute((tx) => admin.startPlan(tx, user.id, 'pro'));
    const here = createUsageService({ db: t.database.db, clock });
    await t.database.db.transaction().execute((tx) => here.startPlan(tx, user.id, 'enterprise'));
    expect(await units(token, 'Switched')).toMatchObject({
      user: { plan: 'enterprise' },
      available_units: null,
    });
    await expectNoOverlap(user.id, 2);
  });
});
