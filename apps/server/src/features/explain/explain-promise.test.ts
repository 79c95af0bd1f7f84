import { wordRange } from '@grasp/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { fakeProvider, sampleAnswer } from '../../test/fake-provider.ts';
import { type FakeWikipedia, startFakeWikipedia } from '../../test/fake-vendors/fake-wikipedia.ts';
import { sampleEditions } from '../../test/sample-articles.ts';
import { createWikipediaArticleSource } from '../sources/index.ts';
import { checkTwoMinuteShape } from './answer.ts';
import { englishOnly } from './providers/offline/english-only.ts';
import { createOfflineProvider } from './providers/offline/offline-provider.ts';
import { createWikipediaExplainer } from './providers/wikipedia/wikipedia-explainer.ts';

/** The events of an SSE body, in order. */
const events = (body: string) =>
  body
    .split('\n\n')
    .filter(Boolean)
    .map((block) => ({
      event: /^event: (.+)$/m.exec(block)?.[1] ?? '',
      data: JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? 'null') as Record<string, unknown>,
    }));

const section = (title: string, range: string, sentences: number) =>
  `## ${title} (${range} seconds)\n${'Gravity pulls every mass toward every other mass. '.repeat(sentences).trim()}\n`;

/**
 * Every path keeps the promise (DESIGN.md §18): the no-key explainer stands on Wikipedia, a
 * failing model falls back to it for free, and every answer is checked, mended or asked again.
 */
describe.each(TEST_DATABASES)('explanations that keep the promise on %s', (kind) => {
  let t: TestApp;
  let wiki: FakeWikipedia;
  let token: string;
  let userId: string;
  const model = fakeProvider('remote-openai');

  const explain = (body: Record<string, unknown>, accept = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/api/ai/aiResponseGoogle',
      headers: { authorization: `Bearer ${token}`, accept },
      payload: { template: 'default', ...body },
    });
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  const units = async () =>
    (await call('GET', '/api/stats/units/Kavya')).json<{ available_units: number }>()
      .available_units;

  beforeAll(async () => {
    wiki = await startFakeWikipedia({ pages: sampleEditions() });
    const articles = createWikipediaArticleSource({
      baseUrl: wiki.baseUrl,
      userAgent: 'Grasp-test/1.0 (test@example.com)',
      redis: null,
      keyPrefix: 'test:',
      log: { info: () => undefined, warn: () => undefined },
    });
    const offline = createWikipediaExplainer({
      articles,
      dictionary: englishOnly(createOfflineProvider()),
    });
    t = await buildTestApp(kind, {
      providers: [offline, model.provider],
      explainTimeoutMs: 500,
      env: { RATE_LIMIT_SCALE: '100' },
    });
    const session = await signedInUser(t.app, t.database.db, 'Kavya');
    token = session.token;
    userId = session.user.id;
  });
  afterAll(async () => {
    await t?.close();
    await wiki?.close();
  });
  beforeEach(() => {
    model.state.mode = 'ok';
    model.state.answers = [];
    model.state.feedback = [];
  });

  it('explains without a key from the Simple English article, cited and attributed', async () => {
    const res = await explain({ query: 'Photosynthesis', provider: 'offline' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(checkTwoMinuteShape(body.response).fits).toBe(true);
    expect(body.response).toContain('[1]');
    expect(body.response).toMatch(
      /Plants use light from the Sun, water and a gas called carbon dioxide\. \[1\]/,
    );
    expect(body.sources).toEqual([
      expect.objectContaining({
        n: 1,
        title: 'Photosynthesis',
        origin: 'wikipedia',
        license: 'CC BY-SA 4.0',
        url: expect.stringContaining('/simple/wiki/Photosynthesis'),
      }),
    ]);
    expect(wiki.requests.some((r) => r.kind === 'extracts' && r.language === 'simple')).toBe(true);
  });

  it('reads the English edition at higher levels, and each language its own', async () => {
    const advanced = (
      await explain({ query: 'Volcano', provider: 'offline', difficulty: 'advanced' })
    ).json();
    expect(advanced.sources[0].url).toContain('/en/wiki/Volcano');
    expect(advanced.response).not.toMatch(/\{\\displaystyle|== |See also|\[\d+\]\[/);
    const hindi = await explain({ query: 'प्रकाश संश्लेषण', provider: 'offline', language: 'hi' });
    expect(hindi.statusCode).toBe(200);
    expect(hindi.json().sources[0]).toMatchObject({ language: 'hi', license: 'CC BY-SA 4.0' });
    expect(checkTwoMinuteShape(hindi.json().response, 'hi').fits).toBe(true);
  });

  it('refuses another language with no article and no model, taking no unit', async () => {
    const before = await units();
    const res = await explain({ query: 'Quasar', provider: 'offline', language: 'ta' });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('NEEDS_AI_PROVIDER');
    expect(await units()).toBe(before);
  });

  it('falls back from a model that times out, free, and says so in the record', async () => {
    model.state.mode = 'hang';
    const before = await units();
    const res = await explain({ query: 'Gravity', provider: 'remote-openai' }, 'text/event-stream');
    const list = events(res.body);
    expect(list.map((e) => e.event)).toContain('retry');
    const done = list.find((e) => e.event === 'done')?.data;
    expect(done).toMatchObject({ fallback: true, provider: 'offline' });
    expect(await units()).toBe(before);
    const row = await t.database.db
      .selectFrom('explanations')
      .select('fallback')
      .where('id', '=', String(done?.explanationId))
      .executeTakeFirstOrThrow();
    expect(Number(row.fallback)).toBe(1);
    const record = (await call('GET', `/api/ai/explanations/${done?.explanationId}`)).json();
    expect(record.fallback).toBe(true);
    // The learning loop works on it as on any explanation.
    const followUp = await call('POST', '/api/ai/follow-up', {
      explanationId: done?.explanationId,
      question: 'Why do things fall?',
    });
    expect(followUp.json()).toMatchObject({ answer: expect.any(String) });
    const quiz = await call('POST', '/api/ai/quiz', { explanationId: done?.explanationId });
    expect(quiz.statusCode).toBe(200);
  });

  it('falls back from a model that answers 429', async () => {
    model.state.mode = 'fail';
    const before = await units();
    const res = await explain({ query: 'Friction', provider: 'remote-openai' });
    expect(res.json()).toMatchObject({ fallback: true, provider: 'offline' });
    expect(await units()).toBe(before);
  });

  it('cuts a 900-word answer to the two-minute budget and charges it once', async () => {
    model.state.answers = [
      [
        section('Understanding Gravity', '0-30', 30),
        section('Key Principles', '30-60', 30),
        section('Examples', '60-90', 30),
        section('Key Takeaway', '90-120', 30),
        '## Related Concepts\n- Mass\n- Weight',
      ].join('\n'),
    ];
    const before = await units();
    const res = await explain({ query: 'Gravity mended', provider: 'remote-openai' });
    expect(res.statusCode).toBe(200);
    const shape = checkTwoMinuteShape(res.json().response);
    expect(shape.fits).toBe(true);
    expect(shape.words).toBeLessThanOrEqual(wordRange('en').max);
    expect(model.state.feedback).toEqual([undefined]);
    expect(await units()).toBe(before - 1);
  });

  it('asks once more for an answer of two sections, telling the client to reset, charged once', async () => {
    model.state.answers = [
      [
        section('One', '0-60', 12),
        section('Two', '60-120', 12),
        '## Related Concepts\n- Mass',
      ].join('\n'),
      sampleAnswer('Gravity'),
    ];
    const before = await units();
    const res = await explain(
      { query: 'Gravity asked twice', provider: 'remote-openai' },
      'text/event-stream',
    );
    const list = events(res.body);
    const retry = list.findIndex((e) => e.event === 'retry');
    expect(retry).toBeGreaterThan(0);
    expect(list[retry]?.data.reason).toMatch(/2 timed sections/);
    expect(model.state.feedback).toEqual([undefined, expect.stringMatching(/2 timed sections/)]);
    const done = list.at(-1);
    expect(done?.event).toBe('done');
    expect(checkTwoMinuteShape(String(done?.data.response)).fits).toBe(true);
    expect(done?.data.fallback).toBeUndefined();
    expect(await units()).toBe(before - 1);
  });

  it('asks once more for an answer in the wrong language', async () => {
    model.state.answers = [sampleAnswer('Gravity')];
    const res = await explain({ query: 'புவியீர்ப்பு', provider: 'remote-openai', language: 'ta' });
    expect(res.statusCode).toBe(200);
    expect(model.state.feedback).toEqual([undefined, 'it was not written in Tamil']);
    expect(res.json().language).toBe('ta');
  });

  it('counts nothing twice for the user', async () => {
    const rows = await t.database.db
      .selectFrom('unit_holds')
      .innerJoin('usage_cycles', 'usage_cycles.id', 'unit_holds.cycle_id')
      .select('unit_holds.id')
      .where('usage_cycles.user_id', '=', userId)
      .execute();
    expect(rows).toHaveLength(0);
  });
});
