import { gunzipSync } from 'node:zlib';
import { ERROR_CODES, ERROR_MESSAGES, LANGUAGE_IDS } from '@grasp/contract';
import { SERVER_CATALOGS } from '@grasp/contract/server-catalogs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { fakeProvider } from '../../test/fake-provider.ts';

describe.each(TEST_DATABASES)('explanations on %s', (kind) => {
  let t: TestApp;
  const fake = fakeProvider('remote-openai');
  const offline = fakeProvider('offline');
  let alice: string;
  let bob: string;
  const explain = (token: string, body: Record<string, unknown>, accept = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/api/ai/aiResponseGoogle',
      headers: { authorization: `Bearer ${token}`, accept },
      payload: { provider: 'remote-openai', ...body },
    });
  const get = (token: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const units = async (token: string, name: string) =>
    (await get(token, `/api/stats/units/${name}`)).json().available_units as number;

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      providers: [offline.provider, fake.provider],
      explainTimeoutMs: 300,
      // The races below send 100 requests from one address.
      env: { RATE_LIMIT_SCALE: '100' },
    });
    alice = (await signedInUser(t.app, t.database.db, 'Alice')).token;
    bob = (await signedInUser(t.app, t.database.db, 'Bob')).token;
  });
  afterAll(() => t.close());
  beforeEach(() => {
    offline.state.mode = 'ok';
    fake.state.mode = 'ok';
    fake.state.delayMs = 0;
  });

  it('explains a concept, parses the graph out and takes one unit', async () => {
    const res = await explain(alice, { query: '  Gravity ', template: 'default' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      provider: 'remote-openai',
      template: 'default',
      difficulty: 'beginner',
      cached: false,
    });
    expect(body.response).toContain('## Understanding Gravity (0-30 seconds)');
    expect(body.response).not.toContain('```graph');
    expect(body.graph.nodes).toHaveLength(2);
    expect(body.relatedConcepts).toEqual(['Mass', 'Energy']);
    expect(await units(alice, 'alice')).toBe(98);
  });

  it('charges nothing and calls no provider for a repeat', async () => {
    const before = fake.state.calls;
    const res = await explain(alice, { query: 'gravity', template: 'default' });
    expect(res.json().cached).toBe(true);
    expect(fake.state.calls).toBe(before);
    expect(await units(alice, 'alice')).toBe(98);
  });

  it('gives a repeat the whole answer, non-ASCII text intact, under an id of its own', async () => {
    // A learner of their own: the first ask spends a unit, which the tests around count.
    const erwin = (await signedInUser(t.app, t.database.db, 'Erwin')).token;
    const first = await explain(erwin, { query: 'Schrödinger’s cat', template: 'default' });
    const repeat = await explain(erwin, { query: 'Schrödinger’s cat', template: 'default' });
    expect(repeat.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(repeat.headers['content-length'])).toBe(repeat.rawPayload.length);
    const { explanationId, cached, ...answer } = repeat.json();
    expect(cached).toBe(true);
    expect(explanationId).not.toBe(first.json().explanationId);
    expect({ ...first.json(), cached: true, explanationId }).toEqual(repeat.json());
    expect(answer.response).toContain('Schrödinger’s cat is explained here');
  });

  it('gzips a repeat for a client that takes gzip, as the same JSON, compressed once', async () => {
    const marie = (await signedInUser(t.app, t.database.db, 'Marie')).token;
    const ask = (acceptEncoding?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ai/aiResponseGoogle',
        headers: {
          authorization: `Bearer ${marie}`,
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
        payload: { provider: 'remote-openai', query: 'Radioactivité', template: 'default' },
      });
    const first = await ask('gzip, deflate, br, zstd');
    // A first answer is compressed as any other, by the compress plugin: brotli, or zstd where
    // Node has it (22.15 on).
    expect(['br', 'zstd']).toContain(first.headers['content-encoding']);
    const plain = await ask();
    for (const takes of ['gzip, deflate, br, zstd', 'br, gzip', '*']) {
      const repeat = await ask(takes);
      expect(repeat.headers).toMatchObject({
        'content-encoding': 'gzip',
        'content-type': 'application/json; charset=utf-8',
        vary: 'accept-encoding',
        'x-content-type-options': 'nosniff',
      });
      expect(Number(repeat.headers['content-length'])).toBe(repeat.rawPayload.length);
      // gunzip checks the member's CRC and length too.
      const body = JSON.parse(gunzipSync(repeat.rawPayload).toString('utf8'));
      expect(body.explanationId).not.toBe(plain.json().explanationId);
      expect({ ...body, explanationId: 'same' }).toEqual({
        ...plain.json(),
        explanationId: 'same',
      });
      expect(repeat.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    }
    for (const refused of ['br', 'gzip;q=0, br', 'identity']) {
      expect((await ask(refused)).headers['content-encoding']).not.toBe('gzip');
    }
  });

  it('asks anew and charges a unit when told to regenerate', async () => {
    const before = fake.state.calls;
    const res = await explain(alice, { query: 'gravity', template: 'default', fresh: true });
    expect(res.json().cached).toBe(false);
    expect(fake.state.calls).toBe(before + 1);
    expect(await units(alice, 'alice')).toBe(97);
  });

  it('streams Server-Sent Events: deltas, then done', async () => {
    const res = await explain(
      alice,
      { query: 'Photosynthesis', template: 'default' },
      'text/event-stream',
    );
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = res.body
      .trim()
      .split('\n\n')
      .map((block) => block.split('\n')[0]);
    expect(events.filter((e) => e === 'event: delta').length).toBeGreaterThanOrEqual(2);
    expect(events.at(-1)).toBe('event: done');
    const done = JSON.parse(res.body.trim().split('\n\n').at(-1)?.split('\n')[1]?.slice(6) ?? '{}');
    expect(done.response).toContain('Photosynthesis');
  });

  // Below, the no-key explainer fails too: nothing to fall back on (see explain-promise.test.ts).
  it('streams an error event when the provider fails, and gives the unit back', async () => {
    fake.state.mode = 'fail';
    offline.state.mode = 'fail';
    const before = await units(alice, 'alice');
    const res = await explain(
      alice,
      { query: 'Entropy', template: 'default' },
      'text/event-stream',
    );
    expect(res.body).toContain('event: error');
    expect(res.body).toContain(ERROR_MESSAGES.explanationFailed);
    expect(await units(alice, 'alice')).toBe(before);
  });

  it('says a failure in the learner’s language, streamed or not, with the same code', async () => {
    const { token } = await signedInUser(t.app, t.database.db, 'Meera', '1234', {
      interfaceLanguage: 'hi',
    });
    // Both the model and the no-key fallback fail, so the learner sees the error itself.
    fake.state.mode = 'fail';
    offline.state.mode = 'fail';
    const streamed = await explain(
      token,
      { query: 'Osmosis', template: 'default' },
      'text/event-stream',
    );
    expect(streamed.headers['content-language']).toBe('hi');
    const error = JSON.parse(
      streamed.body.trim().split('\n\n').at(-1)?.split('\n')[1]?.slice(6) ?? '{}',
    );
    expect(error).toEqual({
      success: false,
      code: ERROR_CODES.providerError,
      message: SERVER_CATALOGS.hi['error.explanationFailed'],
    });
    fake.state.mode = 'hang';
    const answered = await explain(token, { query: 'Diffusion', template: 'default' });
    expect(answered.statusCode).toBe(504);
    expect(answered.headers['content-language']).toBe('hi');
    expect(answered.json()).toEqual({
      success: false,
      code: ERROR_CODES.providerTimeout,
      message: SERVER_CATALOGS.hi['error.aiTimeout'],
    });
  });

  it('maps a provider timeout to the timeout message and keeps units untouched', async () => {
    fake.state.mode = 'hang';
    offline.state.mode = 'fail';
    const before = await units(alice, 'alice');
    const res = await explain(alice, { query: 'Relativity', template: 'default' });
    expect(res.statusCode).toBe(504);
    expect(res.json()).toMatchObject({
      code: 'PROVIDER_TIMEOUT',
      message: ERROR_MESSAGES.aiTimeout,
    });
    expect(await units(alice, 'alice')).toBe(before);
  });

  it('treats an empty answer as a failure', async () => {
    fake.state.mode = 'garbage';
    offline.state.mode = 'fail';
    const res = await explain(alice, { query: 'Nothing', template: 'default' });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(ERROR_MESSAGES.explanationFailed);
  });

  it('refuses premium styles to Free users', async () => {
    const res = await explain(alice, { query: 'Gravity', template: 'storytelling' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PREMIUM_TEMPLATE');
  });

  it('refuses a provider this server does not offer, and bad input', async () => {
    const res = await explain(alice, {
      query: 'Gravity',
      template: 'default',
      provider: 'remote-claude',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('PROVIDER_UNAVAILABLE');
    const empty = await explain(alice, { query: '   ', template: 'default' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('query');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/ai/aiResponseGoogle',
      payload: { query: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('makes one provider call for 100 concurrent identical new requests', async () => {
    fake.state.delayMs = 100;
    const before = fake.state.calls;
    const users = [alice, bob];
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        explain(users[i % 2] ?? alice, {
          query: 'Black holes',
          template: 'default',
          difficulty: 'advanced',
        }),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(fake.state.calls - before).toBe(1);
  });

  it('stores an answer many messages share once, and shows it in each', async () => {
    const { db } = t.database;
    const messages = await db
      .selectFrom('explanations')
      .innerJoin('answer_texts', 'answer_texts.id', 'explanations.answer_id')
      .select(['answer_texts.id', 'answer_texts.text'])
      .where('query_key', '=', 'black holes')
      .execute();
    expect(messages).toHaveLength(100);
    expect(new Set(messages.map((m) => m.id)).size).toBe(1);
    expect(messages[0]?.text).toContain('Black holes');
    const bobs = (await get(bob, '/api/concepts/history/black%20holes')).json();
    expect(bobs).toHaveLength(50);
    expect(bobs[0].ai_answer).toBe(messages[0]?.text);
  });

  it('charges one of two identical new explanations sent at the same moment', async () => {
    const dana = (await signedInUser(t.app, t.database.db, 'Dana')).token;
    const before = await units(dana, 'dana');
    fake.state.delayMs = 30;
    const results = await Promise.all([
      explain(dana, { query: 'Tides', template: 'default' }),
      explain(dana, { query: ' tides ', template: 'default' }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await units(dana, 'dana')).toBe(before - 1);
    expect((await get(dana, '/api/concepts/history/tides')).json()).toHaveLength(2);
  });

  it('lets exactly 3 of 50 racing requests spend the last 3 units', async () => {
    const carol = (await signedInUser(t.app, t.database.db, 'Carol')).token;
    await t.database.db
      .updateTable('usage_cycles')
      .set({ units_used: 96 })
      .where(
        'user_id',
        'in',
        t.database.db.selectFrom('users').select('id').where('username_key', '=', 'carol'),
      )
      .execute();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        explain(carol, { query: `Topic ${i}`, template: 'default' }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    const refused = results.filter((r) => r.statusCode === 402);
    expect(refused).toHaveLength(47);
    expect(refused[0]?.json().message).toBe('No subscription units available');
    expect(await units(carol, 'carol')).toBe(0);
  });

  it('charges a remembered repeat again once a new cycle begins', async () => {
    const dora = (await signedInUser(t.app, t.database.db, 'Dora')).token;
    const ask = () => explain(dora, { query: 'Inertia', template: 'default' });
    await ask();
    await ask();
    expect(await units(dora, 'dora')).toBe(98);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await t.database.db
      .updateTable('usage_cycles')
      .set({ starts_at: new Date().toISOString() })
      .where(
        'user_id',
        'in',
        t.database.db.selectFrom('users').select('id').where('username_key', '=', 'dora'),
      )
      .execute();
    await ask();
    expect(await units(dora, 'dora')).toBe(97);
    await ask();
    expect(await units(dora, 'dora')).toBe(97);
  });

  it('keeps history, stats and messages to their owner', async () => {
    const history = await get(alice, '/api/concepts/history/GRAVITY');
    expect(history.statusCode).toBe(200);
    expect(history.json()).toHaveLength(3);
    expect(history.json()[0]).toMatchObject({ concept_description: 'default' });
    expect((await get(bob, '/api/concepts/history/gravity')).json()).toEqual([]);
    const stats = await get(alice, '/api/stats/user-stats/alice');
    expect(stats.json().total_messages).toBeGreaterThanOrEqual(3);
    const messages = await get(alice, '/api/stats/user-messages/Alice');
    expect(messages.json()[0]).toHaveProperty('concept_name');
    expect((await get(bob, '/api/stats/user-stats/alice')).statusCode).toBe(403);
    expect((await get(bob, '/api/stats/user-messages/alice')).statusCode).toBe(403);
  });

  it('lists providers with labels and availability', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ai/providers' });
    const openai = res.json().providers.find((p: { id: string }) => p.id === 'remote-openai');
    expect(openai).toEqual({
      id: 'remote-openai',
      label: 'OpenAI GPT',
      available: true,
      languages: [...LANGUAGE_IDS],
    });
  });
});
