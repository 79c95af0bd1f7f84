import type { AdminOverviewResponse } from '@grasp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { fakeProvider } from '../../test/fake-provider.ts';
import { manualClock } from '../../test/manual-clock.ts';
import { userRow } from '../../test/user-row.ts';
import { checkout, newPayment } from '../billing/payment-test-helpers.ts';
import { adminGet, adminPost, bearer, type Person, person, sudo } from './admin-test-helpers.ts';

const TODAY = '2026-11-20';

describe.each(TEST_DATABASES)('the overview on %s', (kind) => {
  const clock = manualClock(`${TODAY}T06:00:00.000Z`);
  const offline = fakeProvider('offline');
  const openai = fakeProvider('remote-openai');
  let t: TestApp;
  let root: Person;
  let learner: Person;

  async function seed(): Promise<void> {
    const db = t.database.db;
    await db
      .insertInto('users')
      .values([
        { ...userRow('u-a', 'Anu'), created_at: '2026-11-18T05:00:00.000Z' },
        { ...userRow('u-b', 'Bala'), created_at: '2026-11-18T23:59:59.000Z' },
        { ...userRow('u-old', 'Old'), created_at: '2026-10-01T00:00:00.000Z' },
      ])
      .execute();
    await db
      .insertInto('answer_texts')
      .values({ id: 'ans-1', text: 'x', details_json: null })
      .execute();
    const explanation = (id: string, userId: string, provider: string, at: string) => ({
      id,
      user_id: userId,
      concept_name: id,
      query_key: id,
      template: 'default',
      difficulty: 'beginner',
      provider,
      answer_id: 'ans-1',
      material_id: null,
      material_title: null,
      created_at: at,
    });
    await db
      .insertInto('explanations')
      .values([
        explanation('e1', 'u-a', 'offline', '2026-11-19T01:00:00.000Z'),
        explanation('e2', 'u-a', 'offline', '2026-11-19T02:00:00.000Z'),
        explanation('e3', 'u-b', 'offline', '2026-11-19T23:00:00.000Z'),
        explanation('e-old', 'u-b', 'offline', '2026-11-10T10:00:00.000Z'),
      ])
      .execute();
    const meter = (metric: string, value: number) => ({
      day: '2026-11-19',
      metric,
      provider: 'remote-openai',
      model: 'gpt-4o-mini',
      value,
    });
    await db
      .insertInto('meter_days')
      .values([
        meter('ai.calls', 2),
        meter('ai.input_tokens', 1_000_000),
        meter('ai.output_tokens', 500_000),
      ])
      .execute();
  }

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      clock,
      providers: [offline.provider, openai.provider],
      env: { RATE_LIMIT_SCALE: '50' },
    });
    t.app.get('/api/boom', () => {
      throw new Error('a fault');
    });
    root = await person(t.app, t.database.db, 'Root', 'admin');
    learner = await person(t.app, t.database.db, 'Learner');
    await seed();
    for (const query of ['Gravity', 'Osmosis']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/ai/aiResponseGoogle',
        headers: bearer(learner.token),
        payload: { query, template: 'default', provider: 'remote-openai' },
      });
      expect(res.statusCode).toBe(200);
    }
    const paid = await newPayment(t.app, {
      token: learner.token,
      userId: learner.id,
      username: 'Learner',
    });
    await checkout(t.app, paid, 'pay');
    await newPayment(t.app, { token: learner.token, userId: learner.id, username: 'Learner' });
    await sudo(t.app, root);
    expect(
      (await adminPost(t.app, root, `/api/admin/payments/${paid}/refund`, { reason: 'r' }))
        .statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/boom' })).statusCode).toBe(500);
  }, 120_000);
  afterAll(() => t.close());

  it('adds up the known activity of the last 7 days, day by day', async () => {
    const res = await adminGet(t.app, root, '/api/admin/overview?days=7');
    expect(res.statusCode).toBe(200);
    const body = res.json<AdminOverviewResponse>();
    expect(body).toMatchObject({ days: 7, from: '2026-11-14', to: TODAY });
    expect(body.series.map((d) => d.day)).toEqual([
      '2026-11-14',
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      TODAY,
    ]);
    expect(body.totals).toEqual({
      learners: 5,
      signUps: 4,
      activeLearners: 3,
      explanations: 5,
      explanationsByProvider: { offline: 3, 'remote-openai': 2 },
      unitsUsed: 2,
      revenue: { grossPaise: 9900, gstPaise: 1510, refundsPaise: 9900 },
      paymentsByState: { PAYMENT_SUCCESS: 1, PAYMENT_PENDING: 1 },
      ai: [
        {
          provider: 'remote-openai',
          model: 'gpt-4o-mini',
          calls: 2,
          inputTokens: 1_000_000,
          outputTokens: 500_000,
          estimatedCostUsd: 0.45,
        },
      ],
      aiCalls: 2,
      inputTokens: 1_000_000,
      outputTokens: 500_000,
      estimatedCostUsd: 0.45,
      errors5xx: 1,
    });
    const [, , , , d18, d19, today] = body.series;
    expect(d18).toMatchObject({ signUps: 2, explanations: 0, activeLearners: 0 });
    expect(d19).toMatchObject({
      explanations: 3,
      explanationsByProvider: { offline: 3 },
      activeLearners: 2,
      aiCalls: 2,
      estimatedCostUsd: 0.45,
    });
    expect(today).toMatchObject({
      signUps: 2,
      explanations: 2,
      activeLearners: 1,
      unitsUsed: 2,
      revenue: { grossPaise: 9900, gstPaise: 1510, refundsPaise: 9900 },
      errors5xx: 1,
    });
  });

  it('bounds the number of days', async () => {
    for (const days of ['0', '366', 'many', '-3']) {
      expect(
        (await adminGet(t.app, root, `/api/admin/overview?days=${days}`)).statusCode,
        days,
      ).toBe(400);
    }
    const year = (
      await adminGet(t.app, root, '/api/admin/overview?days=365')
    ).json<AdminOverviewResponse>();
    expect(year.series).toHaveLength(365);
    expect(year.totals.explanations).toBe(6);
  });

  it('counts explanations as they are stored, and keeps them counted when their learner leaves', async () => {
    const overview = async () =>
      (await adminGet(t.app, root, '/api/admin/overview?days=7')).json<AdminOverviewResponse>();
    const before = await overview();
    // A free repeat: stored through the batched writes, not a unit's transaction.
    const repeat = await t.app.inject({
      method: 'POST',
      url: '/api/ai/aiResponseGoogle',
      headers: bearer(learner.token),
      payload: { query: 'Gravity', template: 'default', provider: 'remote-openai' },
    });
    expect(repeat.statusCode).toBe(200);
    const asked = await overview();
    expect(asked.totals).toMatchObject({
      explanations: before.totals.explanations + 1,
      explanationsByProvider: { offline: 3, 'remote-openai': 3 },
      activeLearners: before.totals.activeLearners,
    });
    expect(asked.series.at(-1)).toMatchObject({ explanations: 3, activeLearners: 1 });

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: bearer(learner.token),
      payload: { pin: '1234' },
    });
    expect(deleted.statusCode).toBe(204);
    // The explanations are gone (DESIGN §14), the operator's history is not, and nothing of it
    // names the learner any more.
    const after = await overview();
    expect(after.totals).toEqual(asked.totals);
    expect(after.series).toEqual(asked.series);
    const db = t.database.db;
    const mine = await db
      .selectFrom('explanations')
      .select('id')
      .where('user_id', '=', learner.id)
      .execute();
    expect(mine).toHaveLength(0);
    for (const table of ['learner_days', 'learner_last_days'] as const) {
      const rows = await db
        .selectFrom(table)
        .select('user_id')
        .where('user_id', '=', learner.id)
        .execute();
      expect(rows, table).toHaveLength(0);
    }
  });
});
