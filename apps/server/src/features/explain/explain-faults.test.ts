import { ERROR_MESSAGES } from '@grasp/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { fakeAnswer } from '../../test/fake-answers.ts';
import { sampleAnswer } from '../../test/fake-provider.ts';
import { startFakeOpenAI } from '../../test/fake-vendors/fake-openai.ts';
import type { FakeBehaviour, FakeVendor } from '../../test/fake-vendors/fake-vendor-server.ts';

const PARTIAL = ['## Understanding it (0-30 seconds)\n', 'Plants turn light '];

/** Vendor faults on the wire, and the status a JSON caller gets for each. */
const FAULTS: Array<[string, FakeBehaviour, number]> = [
  ['a 500', { kind: 'error', status: 500 }, 502],
  ['a 429', { kind: 'error', status: 429 }, 503],
  ['a vendor that never answers', { kind: 'hang' }, 504],
  ['a stream that stalls halfway', { kind: 'hang-mid-stream', chunks: PARTIAL }, 504],
  ['invalid JSON', { kind: 'invalid-json', chunks: PARTIAL }, 502],
  ['a truncated stream', { kind: 'truncated', chunks: PARTIAL }, 502],
  [
    'an error inside the stream',
    { kind: 'stream-error', chunks: PARTIAL, message: 'Overloaded' },
    502,
  ],
  ['an empty answer', { kind: 'reply', chunks: [] }, 502],
  ['an answer too thin to use', { kind: 'reply', chunks: ['ok'] }, 502],
];

// Concepts the dictionary knows, one per fault: the no-key explainer answers each.
const CONCEPTS = [
  'gravity',
  'photosynthesis',
  'democracy',
  'volcano',
  'friction',
  'magnetism',
  'evaporation',
  'osmosis',
  'atom',
];

/**
 * The whole path, real SDK included: a provider's timeouts, errors and garbage never fail the
 * learner where the no-key explainer can answer (DESIGN.md §18): the answer is a fallback, free,
 * and nothing is cached; where it cannot (another language with no article), the units,
 * messages, cache and holds stay as they were, whether the answer streams or not.
 */
describe.each(TEST_DATABASES)('provider faults through the app on %s', (kind) => {
  let t: TestApp;
  let vendor: FakeVendor;
  let session: { token: string; user: { id: string } };

  const explain = (query: string, accept: string, language = 'en') =>
    t.app.inject({
      method: 'POST',
      url: '/api/ai/aiResponseGoogle',
      headers: { authorization: `Bearer ${session.token}`, accept },
      payload: { query, template: 'default', provider: 'remote-openai', language },
    });
  const get = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${session.token}` } });
  const units = async () =>
    (await get('/api/stats/units/faulty')).json<{ available_units: number }>().available_units;
  const holds = async () =>
    (
      await t.database.db
        .selectFrom('unit_holds')
        .innerJoin('usage_cycles', 'usage_cycles.id', 'unit_holds.cycle_id')
        .select('unit_holds.id')
        .where('usage_cycles.user_id', '=', session.user.id)
        .execute()
    ).length;

  beforeAll(async () => {
    vendor = await startFakeOpenAI('sk-test-openai-key');
    t = await buildTestApp(kind, {
      // Long enough for a loaded machine to answer, short enough for the hangs to end soon.
      explainTimeoutMs: 1_000,
      env: {
        OPENAI_API_KEY: 'sk-test-openai-key',
        OPENAI_BASE_URL: vendor.baseURL,
        OPENAI_MODEL: 'gpt-test',
      },
    });
    session = await signedInUser(t.app, t.database.db, 'Faulty');
    // The SDK loads its modules on the first call; a cold start must not look like a timeout.
    vendor.behave({ kind: 'reply', chunks: [sampleAnswer('Warm-up')] });
    expect((await explain('Warm-up', 'application/json')).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await vendor.close();
  });
  beforeEach(() => vendor.reset());

  it.each(FAULTS.map(([label, fault], i) => [label, fault, CONCEPTS[i] ?? 'gravity'] as const))(
    '%s falls back to the no-key explainer, free',
    async (_label, fault, concept) => {
      const before = await units();
      vendor.behave(fault);

      const plain = await explain(concept, 'application/json');
      expect(plain.statusCode).toBe(200);
      expect(plain.json()).toMatchObject({ fallback: true, provider: 'offline', cached: false });
      const streamed = await explain(concept, 'text/event-stream');
      expect(streamed.body).toContain('event: retry');
      expect(streamed.body).toContain('event: done');
      expect(streamed.body).toContain('"fallback":true');

      expect(await units()).toBe(before);
      expect(await holds()).toBe(0);
      expect(
        (await get(`/api/concepts/history/${encodeURIComponent(concept)}`)).json(),
      ).toHaveLength(2);

      // Nothing was cached nor counted as asked: the model's answer is new and costs one unit.
      vendor.behave({ kind: 'reply', chunks: [sampleAnswer(concept)] });
      const recovered = await explain(concept, 'application/json');
      expect(recovered.json()).toMatchObject({ cached: false, provider: 'remote-openai' });
      expect(recovered.json().fallback).toBeUndefined();
      expect(await units()).toBe(before - 1);
    },
  );

  it.each(FAULTS)(
    '%s in a language with nothing to fall back on changes nothing',
    async (label, fault, status) => {
      const concept = `After ${label}`;
      const before = await units();
      vendor.behave(fault);

      const plain = await explain(concept, 'application/json', 'hi');
      expect(plain.statusCode).toBe(status);
      const streamed = await explain(concept, 'text/event-stream', 'hi');
      expect(streamed.body).toContain('event: error');
      expect(streamed.body).not.toContain('event: done');
      if (status === 502) expect(plain.json().message).toBe(ERROR_MESSAGES.explanationFailed);

      expect(await units()).toBe(before);
      expect(await holds()).toBe(0);
      expect((await get(`/api/concepts/history/${encodeURIComponent(concept)}`)).json()).toEqual(
        [],
      );

      vendor.behave({ kind: 'reply', chunks: [fakeAnswer('hi', { query: concept })] });
      const recovered = await explain(concept, 'application/json', 'hi');
      expect(recovered.json()).toMatchObject({ cached: false });
      expect(await units()).toBe(before - 1);
    },
  );
});
