import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeWikipedia, startFakeWikipedia } from '../../test/fake-vendors/fake-wikipedia.ts';
import { sampleEditions } from '../../test/sample-articles.ts';
import { createSourcesCache } from './sources-cache.ts';
import { createWikipediaArticles } from './wikipedia-articles.ts';
import { createWikipediaClient } from './wikipedia-client.ts';

describe('whole articles from Wikipedia (TextExtracts)', () => {
  let wiki: FakeWikipedia;
  let articles: ReturnType<typeof createWikipediaArticles>;
  const signal = () => AbortSignal.timeout(5000);

  beforeAll(async () => {
    const pages = sampleEditions();
    pages.en?.push({
      title: 'Mercury',
      extract: 'Mercury may refer to:',
      text: 'Mercury may refer to:\nMercury (planet)\nMercury (element)',
    });
    wiki = await startFakeWikipedia({ pages });
  });
  beforeEach(() => {
    articles = createWikipediaArticles({
      client: createWikipediaClient({
        baseUrl: wiki.baseUrl,
        userAgent: 'Grasp-test/1.0 (test@example.com)',
        requestTimeoutMs: 2000,
      }),
      cache: createSourcesCache({ redis: null, keyPrefix: 't:', ttlMs: 60_000 }),
    });
    wiki.behave({ kind: 'ok' });
    wiki.requests.length = 0;
  });
  afterAll(() => wiki.close());

  it('reads Simple English for a beginner where it has the article, the whole text', async () => {
    const found = await articles.find({
      query: 'Gravity',
      language: 'en',
      simple: true,
      signal: signal(),
    });
    expect(found.articles[0]).toMatchObject({
      title: 'Gravity',
      edition: 'simple',
      language: 'en',
    });
    expect(found.articles[0]?.extract).toContain('== How it works ==');
    expect(found.articles[0]?.url).toMatch(/\/simple\/wiki\/Gravity$/);
    expect(wiki.requests.at(-1)).toMatchObject({
      kind: 'extracts',
      language: 'simple',
      value: 'Gravity',
    });
  });

  it('reads the English edition when Simple English has nothing, and caches what it read', async () => {
    const ask = { query: 'Volcano', language: 'en' as const, simple: true, signal: signal() };
    expect((await articles.find(ask)).articles[0]).toMatchObject({
      edition: 'en',
      title: 'Volcano',
    });
    const asked = wiki.requests.length;
    await articles.find(ask);
    expect(wiki.requests.length).toBe(asked);
  });

  it('reads each language from its own edition only', async () => {
    const hindi = await articles.find({
      query: 'जल चक्र',
      language: 'hi',
      simple: false,
      signal: signal(),
    });
    expect(hindi.articles[0]).toMatchObject({ title: 'जल चक्र', language: 'hi', edition: 'hi' });
    const none = await articles.find({
      query: 'Volcano',
      language: 'ta',
      simple: false,
      signal: signal(),
    });
    expect(none.articles).toEqual([]);
    expect(wiki.requests.some((r) => r.language === 'en')).toBe(false);
  });

  it('leaves a disambiguation page out', async () => {
    const found = await articles.find({
      query: 'Mercury',
      language: 'en',
      simple: false,
      signal: signal(),
    });
    expect(found.articles).toEqual([]);
  });

  it('finds nothing, without throwing, when Wikipedia is down', async () => {
    wiki.behave({ kind: 'down' });
    const found = await articles.find({
      query: 'Friction',
      language: 'en',
      simple: false,
      signal: signal(),
    });
    expect(found).toEqual({ articles: [], titles: [] });
  });
});
