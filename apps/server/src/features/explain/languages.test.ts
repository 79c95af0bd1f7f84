import { ERROR_CODES, parseExplanation } from '@grasp/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseEnv } from '../../config/config.ts';
import { signedInUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { fakeAnswer, fakeTitles } from '../../test/fake-answers.ts';
import { fakeProvider } from '../../test/fake-provider.ts';
import { startFakeOpenAI } from '../../test/fake-vendors/fake-openai.ts';
import type { FakeVendor, RecordedRequest } from '../../test/fake-vendors/fake-vendor-server.ts';
import { buildQuizPrompt, buildTutorPrompt } from '../learning/learning-prompts.ts';
import { buildPrompt } from './prompts.ts';
import { createOpenAIProvider } from './providers/openai.ts';
import { vendorOptionsOf } from './vendor-options.ts';

/**
 * Explanations in the languages of DESIGN.md §9, through the real OpenAI provider and SDK
 * against a fake vendor answering in Devanagari and Tamil script: JSON, SSE (frames cut inside
 * characters), the shared cache, repeats, history, the record and the learning loop.
 */

const PHOTOSYNTHESIS_HI = 'प्रकाश संश्लेषण';
const PHOTOSYNTHESIS_TA = 'ஒளிச்சேர்க்கை';

/** The text a request sent to the vendor (system and user turns of the Responses API). */
const sentText = (request: RecordedRequest | undefined) => JSON.stringify(request?.body ?? '');

/** Splits an SSE body into its events. */
function events(body: string) {
  return body
    .trim()
    .split('\n\n')
    .map((block) => {
      const [eventLine = '', dataLine = ''] = block.split('\n');
      return { event: eventLine.slice('event: '.length), data: JSON.parse(dataLine.slice(6)) };
    });
}

describe.each(TEST_DATABASES)('explanations in other languages on %s', (kind) => {
  let t: TestApp;
  let vendor: FakeVendor;
  const offline = fakeProvider('offline', { languages: ['en'] });
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
  const replyIn = (language: 'hi' | 'ta' | 'en', query: string, splitCharacters = false) => {
    const text = fakeAnswer(language, { query });
    // Several chunks, so the SDK joins deltas as it would a real stream.
    const chunks = text.match(/[\s\S]{1,40}/gu) ?? [text];
    vendor.behave({ kind: 'reply', chunks, splitCharacters });
  };

  beforeAll(async () => {
    vendor = await startFakeOpenAI('sk-test-openai-key');
    const config = parseEnv({
      NODE_ENV: 'test',
      OPENAI_API_KEY: 'sk-test-openai-key',
      OPENAI_BASE_URL: vendor.baseURL,
      OPENAI_MODEL: 'gpt-test',
    });
    const prompts = { explain: buildPrompt, tutor: buildTutorPrompt, quiz: buildQuizPrompt };
    t = await buildTestApp(kind, {
      providers: [offline.provider, createOpenAIProvider(vendorOptionsOf(config).openai, prompts)],
      explainTimeoutMs: 5_000,
      env: { RATE_LIMIT_SCALE: '100' },
    });
    alice = (await signedInUser(t.app, t.database.db, 'Alice')).token;
    bob = (await signedInUser(t.app, t.database.db, 'Bob')).token;
  });
  afterAll(async () => {
    await t.close();
    await vendor.close();
  });
  beforeEach(() => vendor.reset());

  it('refuses a language outside the list, naming the field, and defaults to English', async () => {
    const bad = await explain(alice, { query: 'Gravity', language: 'fr' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('language');
    replyIn('en', 'Gravity');
    const res = await explain(alice, { query: 'Gravity' });
    expect(res.statusCode).toBe(200);
    expect(res.json().language).toBe('en');
    expect(res.json()).not.toHaveProperty('glossary');
    expect(sentText(vendor.requests[0])).not.toContain('glossary');
  });

  it('explains in Hindi: Devanagari sections, English terms, a glossary parsed out', async () => {
    replyIn('hi', PHOTOSYNTHESIS_HI);
    const before = await units(alice, 'alice');
    const res = await explain(alice, { query: PHOTOSYNTHESIS_HI, language: 'hi' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('charset=utf-8');
    const body = res.json();
    expect(body).toMatchObject({ language: 'hi', cached: false, provider: 'remote-openai' });
    expect(parseExplanation(body.response).sections.map((s) => s.title)).toEqual(
      fakeTitles('hi', PHOTOSYNTHESIS_HI),
    );
    expect(body.response).toContain('(Oxygen)');
    expect(body.response).not.toMatch(/```|\uFFFD/);
    expect(body.glossary).toEqual([
      { term: 'Photosynthesis', meaning: 'पौधों द्वारा प्रकाश से भोजन बनाने की प्रक्रिया।' },
      { term: 'Chlorophyll', meaning: 'पत्तियों का हरा रंग जो प्रकाश सोखता है।' },
    ]);
    expect(body.relatedConcepts).toEqual([
      'कोशिकीय श्वसन (Cellular respiration)',
      'क्लोरोफिल (Chlorophyll)',
    ]);
    expect(body.suggestedQuestions).toEqual(['पत्तियाँ हरी क्यों होती हैं?', 'रात में क्या होता है?']);
    expect(await units(alice, 'alice')).toBe(before - 1);
    // The prompt asked for Hindi in Devanagari, English terms and a glossary.
    const prompt = sentText(vendor.requests[0]);
    expect(prompt).toContain('Hindi (हिन्दी)');
    expect(prompt).toContain('Devanagari');
    expect(prompt).toContain('tagged glossary');
    expect(prompt).toContain('(N-M seconds)');
  });

  it('keeps languages apart in the shared cache and in the free repeats', async () => {
    const before = await units(bob, 'bob');
    // Bob's Hindi ask is Alice's cached answer: no vendor call, the glossary comes along.
    const cached = await explain(bob, { query: PHOTOSYNTHESIS_HI, language: 'hi' });
    expect(cached.json()).toMatchObject({ cached: true, language: 'hi' });
    expect(cached.json().glossary).toHaveLength(2);
    expect(vendor.requests).toHaveLength(0);
    expect(await units(bob, 'bob')).toBe(before - 1);
    // The same again is a free repeat; in Marathi it is a new explanation, asked anew and paid.
    await explain(bob, { query: PHOTOSYNTHESIS_HI, language: 'hi' });
    expect(await units(bob, 'bob')).toBe(before - 1);
    replyIn('hi', PHOTOSYNTHESIS_HI);
    const marathi = await explain(bob, { query: PHOTOSYNTHESIS_HI, language: 'mr' });
    expect(marathi.json()).toMatchObject({ cached: false, language: 'mr' });
    expect(vendor.requests).toHaveLength(1);
    expect(sentText(vendor.requests[0])).toContain('Marathi (मराठी)');
    expect(await units(bob, 'bob')).toBe(before - 2);
    // And the English answer to the same query is not the Hindi one.
    replyIn('en', PHOTOSYNTHESIS_HI);
    const english = await explain(bob, { query: PHOTOSYNTHESIS_HI });
    expect(english.json()).toMatchObject({ cached: false, language: 'en' });
    expect(english.json().response).toContain('Understanding');
  });

  it('streams Tamil over SSE intact when the vendor cuts frames inside characters', async () => {
    replyIn('ta', PHOTOSYNTHESIS_TA, true);
    const res = await explain(
      alice,
      { query: PHOTOSYNTHESIS_TA, language: 'ta' },
      'text/event-stream',
    );
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.body).not.toContain('\uFFFD');
    const stream = events(res.body);
    const deltas = stream.filter((e) => e.event === 'delta').map((e) => e.data.text as string);
    expect(deltas.join('')).toBe(fakeAnswer('ta', { query: PHOTOSYNTHESIS_TA }));
    const done = stream.at(-1);
    expect(done?.event).toBe('done');
    expect(done?.data).toMatchObject({ language: 'ta', cached: false });
    expect(done?.data.glossary[0]).toEqual({
      term: 'Photosynthesis',
      meaning: 'ஒளியிலிருந்து தாவரங்கள் உணவு தயாரிக்கும் செயல்.',
    });
    expect(parseExplanation(done?.data.response).sections.map((s) => s.icon)).toEqual([
      'Brain',
      'Key',
      'AlertTriangle',
      'CheckSquare',
    ]);
  });

  it('keeps the language and glossary in history and in the record, in UTF-8', async () => {
    const history = await get(
      alice,
      `/api/concepts/history/${encodeURIComponent(PHOTOSYNTHESIS_TA)}`,
    );
    expect(history.statusCode).toBe(200);
    expect(history.json()[0].ai_answer).toContain('## ஒளிச்சேர்க்கை புரிதல் (0-30 seconds)');
    const messages = await get(alice, '/api/stats/user-messages/alice');
    expect(messages.json().map((m: { concept_name: string }) => m.concept_name)).toContain(
      PHOTOSYNTHESIS_TA,
    );

    replyIn('hi', PHOTOSYNTHESIS_HI);
    const asked = await explain(alice, { query: PHOTOSYNTHESIS_HI, language: 'hi' });
    const record = await get(alice, `/api/ai/explanations/${asked.json().explanationId}`);
    expect(record.statusCode).toBe(200);
    expect(record.headers['content-type']).toContain('charset=utf-8');
    // The bytes on the wire decode to the same Devanagari: no mojibake on the way out.
    const decoded = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(record.rawPayload));
    expect(decoded).toMatchObject({ language: 'hi', query: PHOTOSYNTHESIS_HI });
    expect(decoded.glossary).toHaveLength(2);
    expect(decoded.response).toContain(`## ${PHOTOSYNTHESIS_HI} की समझ (0-30 seconds)`);

    // The Markdown export carries the glossary too (DESIGN.md §9).
    const exported = await get(
      alice,
      `/api/ai/explanations/${asked.json().explanationId}/export?format=md`,
    );
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('## Glossary');
    expect(exported.body).toContain('- **Chlorophyll**: पत्तियों का हरा रंग जो प्रकाश सोखता है।');
  });

  it('refuses other languages offline with 422 NEEDS_AI_PROVIDER, naming who can, no unit taken', async () => {
    const before = await units(alice, 'alice');
    const calls = offline.state.calls;
    const res = await explain(alice, { query: 'Gravity', language: 'hi', provider: 'offline' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ success: false, code: ERROR_CODES.needsAiProvider });
    expect(res.json().message).toContain('English only');
    expect(res.json().message).toContain('OpenAI GPT');
    expect(res.json().message).toContain('हिन्दी');
    const streamed = await explain(
      alice,
      { query: 'Gravity', language: 'ta', provider: 'offline' },
      'text/event-stream',
    );
    expect(streamed.statusCode).toBe(422);
    expect(offline.state.calls).toBe(calls);
    expect(await units(alice, 'alice')).toBe(before);
    // English offline still works.
    expect((await explain(alice, { query: 'Gravity', provider: 'offline' })).statusCode).toBe(200);
  });

  it('answers follow-ups in the explanation’s language, and never from the English dictionary', async () => {
    replyIn('hi', 'प्रकाश');
    const asked = await explain(alice, { query: 'प्रकाश', language: 'hi' });
    const explanationId = asked.json().explanationId;
    const follow = (provider?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ai/follow-up',
        headers: { authorization: `Bearer ${alice}` },
        payload: {
          explanationId,
          question: 'रात में क्या होता है?',
          ...(provider ? { provider } : {}),
        },
      });
    const before = await units(alice, 'alice');
    const refused = await follow('offline');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe(ERROR_CODES.needsAiProvider);
    expect(await units(alice, 'alice')).toBe(before);
    const quiz = await t.app.inject({
      method: 'POST',
      url: '/api/ai/quiz',
      headers: { authorization: `Bearer ${alice}` },
      payload: { explanationId, provider: 'offline' },
    });
    expect(quiz.statusCode).toBe(422);

    vendor.reset();
    vendor.behave({
      kind: 'reply',
      chunks: ['रात में पौधे ', 'भोजन नहीं बनाते।'],
      splitCharacters: true,
    });
    const answered = await follow();
    expect(answered.statusCode).toBe(200);
    expect(answered.json().answer).toBe('रात में पौधे भोजन नहीं बनाते।');
    expect(sentText(vendor.requests[0])).toContain('Hindi (हिन्दी)');
    expect(await units(alice, 'alice')).toBe(before - 1);
  });
});
