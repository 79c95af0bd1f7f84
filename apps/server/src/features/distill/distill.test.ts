import { ERROR_MESSAGES, HISTORICAL_TEMPLATE_IDS, VALIDATION_MESSAGES } from '@grasp/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { fakeProvider } from '../../test/fake-provider.ts';
import { createOfflineProvider } from '../explain/providers/offline/offline-provider.ts';

const SUBJECT = 'history of the printing press';

describe.each(TEST_DATABASES)('concept distiller on %s', (kind) => {
  let t: TestApp;
  const remote = fakeProvider('remote-openai');
  let free: { token: string; user: { id: string } };
  let pro: { token: string; user: { id: string } };
  const distill = (token: string | null, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/concepts/distill',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload,
    });
  const units = async (token: string, name: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/stats/units/${name}`,
      headers: { authorization: `Bearer ${token}` },
    });
    return res.json().available_units as number;
  };

  beforeAll(async () => {
    // The real offline explainer beside a scripted remote vendor.
    t = await buildTestApp(kind, {
      providers: [createOfflineProvider(), remote.provider],
      // The dictionary's first, cold distillation must fit on a loaded machine: in CI, beside the
      // browser tests, it took over the 1 s this was (504); the hanging vendor waits it out.
      explainTimeoutMs: 4_000,
    });
    free = await signedInUser(t.app, t.database.db, 'Fern');
    pro = await signedInUser(t.app, t.database.db, 'Priya');
    await t.database.db
      .updateTable('users')
      .set({ plan: 'pro' })
      .where('id', '=', pro.user.id)
      .execute();
  });
  afterAll(() => t.close());
  beforeEach(() => {
    remote.state.mode = 'ok';
    remote.state.delayMs = 0;
  });

  it('distils with the offline dictionary for a Free user, in the default template', async () => {
    const before = await units(free.token, 'fern');
    const res = await distill(free.token, { subject: `  ${SUBJECT} `, username: 'someone-else' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ concepts: string[]; template: string }>();
    expect(body.template).toBe('default');
    expect(body.concepts.length).toBeGreaterThanOrEqual(4);
    expect(body.concepts.length).toBeLessThanOrEqual(8);
    expect(body.concepts).toContain('printing press');
    expect(await units(free.token, 'fern')).toBe(before - 1);

    const stored = await t.database.db
      .selectFrom('distillations')
      .selectAll()
      .where('user_id', '=', free.user.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ subject: SUBJECT, template: 'default' });
    expect(JSON.parse(stored[0]?.concepts_json ?? '[]')).toEqual(body.concepts);
  });

  it('adds prerequisite pairs among the concepts, foundational first, and each one’s status', async () => {
    const res = await distill(free.token, { subject: SUBJECT });
    const body = res.json<{
      concepts: string[];
      prerequisites: { from: string; to: string }[];
      status: Record<string, string>;
    }>();
    expect(body.prerequisites).toContainEqual({ from: 'printing press', to: 'rotary press' });
    for (const { from, to } of body.prerequisites) {
      expect(body.concepts.indexOf(from)).toBeGreaterThanOrEqual(0);
      expect(body.concepts.indexOf(from)).toBeLessThan(body.concepts.indexOf(to));
    }
    expect(Object.keys(body.status).sort()).toEqual([...body.concepts].sort());
    expect(new Set(Object.values(body.status))).toEqual(new Set(['new']));
  });

  it('gives a Pro user one of the historical templates for a history subject', async () => {
    const res = await distill(pro.token, { subject: SUBJECT, template: 'default' });
    expect(res.statusCode).toBe(200);
    expect(HISTORICAL_TEMPLATE_IDS).toContain(res.json().template);
    const plain = await distill(pro.token, { subject: 'photosynthesis' });
    expect(plain.json().template).toBe('default');
  });

  it('charges nothing and calls no provider for a repeat of the subject', async () => {
    const first = await distill(free.token, { subject: 'Momentum', provider: 'remote-openai' });
    expect(first.statusCode).toBe(200);
    const before = await units(free.token, 'fern');
    const calls = remote.state.calls;
    const again = await distill(free.token, {
      subject: '  MOMENTUM ',
      provider: 'remote-openai',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(remote.state.calls).toBe(calls);
    expect(await units(free.token, 'fern')).toBe(before);
    // The repeat is on the user's record like any distillation; another subject is charged.
    const rows = await t.database.db
      .selectFrom('distillations')
      .select('subject')
      .where('user_id', '=', free.user.id)
      .where('subject_key', '=', 'momentum')
      .execute();
    expect(rows.map((r) => r.subject)).toEqual(['Momentum', 'MOMENTUM']);
    await distill(free.token, { subject: 'Momentum of inertia', provider: 'remote-openai' });
    expect(await units(free.token, 'fern')).toBe(before - 1);
  });

  it('keeps the historical template a Pro user got, and charges nothing for the repeat', async () => {
    const first = await distill(pro.token, { subject: 'History of the Roman Empire' });
    const template = first.json().template as string;
    expect(HISTORICAL_TEMPLATE_IDS).toContain(template);
    const before = await units(pro.token, 'priya');
    for (let i = 0; i < 5; i++) {
      const again = await distill(pro.token, { subject: 'history of the roman empire' });
      expect(again.json()).toEqual(first.json());
    }
    expect(await units(pro.token, 'priya')).toBe(before);
  });

  it('charges one of two identical distillations sent at the same moment, and answers both alike', async () => {
    const gil = await signedInUser(t.app, t.database.db, 'Gil');
    const before = await units(gil.token, 'gil');
    remote.state.delayMs = 30;
    const [first, second] = await Promise.all([
      distill(gil.token, { subject: 'plate tectonics', provider: 'remote-openai' }),
      distill(gil.token, { subject: 'Plate  Tectonics', provider: 'remote-openai' }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json().concepts).toEqual(first.json().concepts);
    expect(await units(gil.token, 'gil')).toBe(before - 1);
  });

  it('charges a remembered repeat again once a new cycle begins', async () => {
    const dora = await signedInUser(t.app, t.database.db, 'Dora');
    const ask = () => distill(dora.token, { subject: 'Inertia', provider: 'remote-openai' });
    await ask();
    await ask();
    expect(await units(dora.token, 'dora')).toBe(98);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await t.database.db
      .updateTable('usage_cycles')
      .set({ starts_at: new Date().toISOString() })
      .where('user_id', '=', dora.user.id)
      .execute();
    await ask();
    expect(await units(dora.token, 'dora')).toBe(97);
    await ask();
    expect(await units(dora.token, 'dora')).toBe(97);
  });

  it('answers a blank subject with the exact message, and refuses one too long', async () => {
    for (const payload of [{ subject: '   ' }, { subject: '' }, {}]) {
      const res = await distill(free.token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'VALIDATION_ERROR',
        message: VALIDATION_MESSAGES.emptySubject,
      });
    }
    const long = await distill(free.token, { subject: 'a'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('subject');
  });

  it('refuses a subject that is not text with 400, even one String() cannot print', async () => {
    for (const subject of [[{ toString: 0 }], { toString: 'x' }, 42]) {
      const res = await distill(free.token, { subject });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(res.json().message).toContain('subject');
    }
  });

  it('needs a signed-in user', async () => {
    expect((await distill(null, { subject: SUBJECT })).statusCode).toBe(401);
  });

  it('asks a remote provider when told to, and reads its list', async () => {
    const res = await distill(free.token, { subject: 'gravity', provider: 'remote-openai' });
    expect(res.statusCode).toBe(200);
    // The fake answers like an explainer; its only list is the related concepts.
    expect(res.json().concepts).toEqual(['Mass', 'Energy']);
  });

  it('gives the unit back when the provider fails or answers nothing usable', async () => {
    const before = await units(free.token, 'fern');
    remote.state.mode = 'fail';
    // Not 'gravity': distilled above, it would be a free repeat that asks no provider.
    const failed = await distill(free.token, { subject: 'friction', provider: 'remote-openai' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({
      code: 'PROVIDER_ERROR',
      message: ERROR_MESSAGES.distillFailed,
    });
    remote.state.mode = 'garbage';
    const empty = await distill(free.token, { subject: 'friction', provider: 'remote-openai' });
    expect(empty.statusCode).toBe(502);
    remote.state.mode = 'hang';
    const slow = await distill(free.token, { subject: 'friction', provider: 'remote-openai' });
    expect(slow.statusCode).toBe(504);
    expect(await units(free.token, 'fern')).toBe(before);
  });

  it('answers 404 when the dictionary knows nothing of the subject, and charges nothing', async () => {
    const before = await units(free.token, 'fern');
    const res = await distill(free.token, { subject: 'asdf qwerty zxcv' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('UNKNOWN_CONCEPT');
    expect(res.json().message).toContain('asdf qwerty zxcv');
    expect(await units(free.token, 'fern')).toBe(before);
  });

  it('refuses a provider this server does not offer', async () => {
    const res = await distill(free.token, { subject: SUBJECT, provider: 'remote-claude' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('PROVIDER_UNAVAILABLE');
  });

  it('answers 402 when no units are left', async () => {
    const broke = await signedInUser(t.app, t.database.db, 'Bert');
    await t.database.db
      .updateTable('usage_cycles')
      .set({ units_used: 99 })
      .where('user_id', '=', broke.user.id)
      .execute();
    const res = await distill(broke.token, { subject: SUBJECT });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      code: 'UNITS_EXHAUSTED',
      message: ERROR_MESSAGES.noUnitsServer,
    });
    const stored = await t.database.db
      .selectFrom('distillations')
      .select('id')
      .where('user_id', '=', broke.user.id)
      .execute();
    expect(stored).toHaveLength(0);
  });
});
