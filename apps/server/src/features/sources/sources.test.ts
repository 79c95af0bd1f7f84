import type { Source } from '@grasp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { fakeProvider } from '../../test/fake-provider.ts';
import { type FakeWikipedia, startFakeWikipedia } from '../../test/fake-vendors/fake-wikipedia.ts';
import { sourceShareRenderer } from '../../test/share-renderer.ts';
import { englishOnly } from '../explain/providers/offline/english-only.ts';
import { createOfflineProvider } from '../explain/providers/offline/offline-provider.ts';

// The real budget: a loaded test machine can take hundreds of ms over its first connections.
const BUDGET_MS = 1500;

describe.each(TEST_DATABASES)('sources of an explanation on %s', (kind) => {
  let t: TestApp;
  let wiki: FakeWikipedia;
  let token: string;
  const fake = fakeProvider('remote-openai');

  const call = (method: 'GET' | 'POST', url: string, body?: object, accept?: string) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, ...(accept ? { accept } : {}) },
      ...(body ? { payload: body } : {}),
    });
  const explain = (query: string, extra: object = {}, accept?: string) =>
    call(
      'POST',
      '/api/ai/aiResponseGoogle',
      { query, provider: 'remote-openai', ...extra },
      accept,
    );

  beforeAll(async () => {
    wiki = await startFakeWikipedia({
      pages: {
        en: [
          { title: 'Gravity', extract: 'Gravity is the attraction between masses.' },
          { title: 'Photosynthesis', extract: 'Photosynthesis turns light into chemical energy.' },
        ],
      },
    });
    t = await buildTestApp(kind, {
      providers: [englishOnly(createOfflineProvider()), fake.provider],
      shareRenderer: await sourceShareRenderer(),
      sourcesBudgetMs: BUDGET_MS,
      env: { SOURCES: 'on', WIKIPEDIA_URL: wiki.baseUrl, RATE_LIMIT_SCALE: '100' },
    });
    token = (await signedInUser(t.app, t.database.db, 'Meera')).token;
  });
  afterAll(async () => {
    await t?.close();
    await wiki?.close();
  });

  it('grounds the answer in Wikipedia and keeps only the markers that have a source', async () => {
    const res = await explain('Gravity');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ response: string; sources: Source[]; explanationId: string }>();
    expect(fake.state.lastExplain?.sources?.map((s) => s.title)).toEqual(['Gravity']);
    expect(body.sources).toEqual([
      {
        n: 1,
        title: 'Gravity',
        url: expect.stringMatching(/\/en\/wiki\/Gravity$/),
        excerpt: 'Gravity is the attraction between masses.',
        origin: 'wikipedia',
        language: 'en',
      },
    ]);
    expect(body.response).toContain('well described [1].');
    expect(body.response).not.toContain('[7]');
    expect(wiki.requests[0]?.userAgent).toMatch(/^Grasp\/1\.0 \(.+; support@grasp\.local\)$/);

    const record = await call('GET', `/api/ai/explanations/${body.explanationId}`);
    expect(record.json().sources).toEqual(body.sources);
  });

  it('sends the sources in the SSE done event', async () => {
    const res = await explain('Photosynthesis', {}, 'text/event-stream');
    const done = res.body
      .trim()
      .split('\n\n')
      .find((block) => block.startsWith('event: done'));
    const data = JSON.parse(done?.split('\n')[1]?.slice(6) ?? '{}');
    expect(data.sources.map((s: Source) => [s.n, s.title])).toEqual([[1, 'Photosynthesis']]);
  });

  it('falls back to English sources when the Hindi edition has nothing', async () => {
    const res = await explain('Gravity', { language: 'hi' });
    expect(res.json().sources.map((s: Source) => [s.title, s.language])).toEqual([
      ['Gravity', 'en'],
    ]);
  });

  it('answers without sources within the budget when Wikipedia does not answer', async () => {
    wiki.behave({ kind: 'hang' });
    try {
      const started = performance.now();
      const res = await explain('Magnetism');
      expect(res.statusCode).toBe(200);
      expect(res.json().sources).toEqual([]);
      expect(res.json().response).not.toMatch(/\[\d+\]/);
      expect(performance.now() - started).toBeLessThan(BUDGET_MS + 1000);
    } finally {
      wiki.behave({ kind: 'ok' });
    }
  });

  it('lets follow-ups and quiz answers cite the record’s numbers only', async () => {
    const explanationId = (await explain('Gravity', { difficulty: 'advanced' })).json()
      .explanationId;
    const followUp = await call('POST', '/api/ai/follow-up', {
      explanationId,
      question: 'Why does it pull?',
    });
    expect(followUp.json().answer).toMatch(/says \[1\]\.$/);
    const quiz = (await call('POST', '/api/ai/quiz', { explanationId })).json();
    const answer = await call('POST', `/api/ai/quiz/${quiz.quizId}/answers`, {
      questionId: quiz.questions[0].questionId,
      choice: 1,
    });
    expect(answer.json().why).toMatch(/ \[1\]$/);
  });

  it('lists the sources on the share page and as footnotes in the Markdown export', async () => {
    const explanationId = (await explain('Gravity', { difficulty: 'intermediate' })).json()
      .explanationId;
    const exported = await call('GET', `/api/ai/explanations/${explanationId}/export?format=md`);
    expect(exported.body).toContain('well described [^1].');
    expect(exported.body).toMatch(
      /\n## Sources\n\n\[\^1\]: \[Gravity\]\(<http:\/\/127\.0\.0\.1:\d+\/en\/wiki\/Gravity>\), Wikipedia \(English\): “Gravity is the attraction between masses\.”\n$/,
    );
    const shared = (await call('POST', '/api/share', { explanationId })).json();
    const page = await t.app.inject({
      method: 'GET',
      url: `/s/${shared.shareId}`,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(page.body).toMatch(/<h2[^>]*>Sources<\/h2>/);
    expect(page.body).toMatch(/href="http:\/\/127\.0\.0\.1:\d+\/en\/wiki\/Gravity"/);
  });

  it('cites the dictionary for an offline explanation, without asking Wikipedia', async () => {
    const asked = wiki.requests.length;
    const res = await explain('gravity', { provider: 'offline' });
    const body = res.json();
    expect(body.sources).toEqual([
      expect.objectContaining({
        n: 1,
        origin: 'wordnet',
        title: 'WordNet: gravity',
        language: 'en',
      }),
    ]);
    expect(body.response).toContain('[1]');
    expect(body.response).not.toContain('```sources');
    expect(wiki.requests.length).toBe(asked);
  });
});
