import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeWikipedia, startFakeWikipedia } from '../../test/fake-vendors/fake-wikipedia.ts';
import { createSourcesService, createWikipediaSources } from './sources.service.ts';

// Generous: a loaded test machine takes a while over its first connections.
const BUDGET_MS = 1000;

let wiki: FakeWikipedia;
beforeAll(async () => {
  wiki = await startFakeWikipedia({
    pages: {
      en: [
        {
          title: 'Photosynthesis',
          extract:
            'Photosynthesis is a <b>process</b> used by plants to turn light into chemical energy.',
        },
        {
          title: 'Photosynthesis (disambiguation)',
          extract: 'May refer to:',
          type: 'disambiguation',
        },
      ],
      hi: [{ title: 'गुरुत्वाकर्षण', extract: 'गुरुत्वाकर्षण एक बल है।' }],
    },
  });
});
afterAll(() => wiki.close());
beforeEach(() => {
  wiki.requests.length = 0;
  wiki.behave({ kind: 'ok' });
});

function finder(breaker = {}) {
  const logs: string[] = [];
  const log = {
    info: (_: object, msg: string) => logs.push(msg),
    warn: (_: object, msg: string) => logs.push(msg),
  };
  const wikipedia = createWikipediaSources({
    baseUrl: wiki.baseUrl,
    userAgent: 'Grasp/test (support@grasp.test)',
    redis: null,
    keyPrefix: 'test:',
    log,
    breaker,
  });
  return { sources: createSourcesService({ wikipedia, budgetMs: BUDGET_MS }), logs, wikipedia };
}

describe('Wikipedia sources', () => {
  it('finds the edition’s pages, numbered, without markup or disambiguation, naming itself', async () => {
    const { sources } = finder();
    const found = await sources.find({ query: 'Photosynthesis', language: 'en' });
    expect(found).toEqual([
      {
        n: 1,
        title: 'Photosynthesis',
        url: expect.stringMatching(/\/en\/wiki\/Photosynthesis$/),
        excerpt: 'Photosynthesis is a process used by plants to turn light into chemical energy.',
        origin: 'wikipedia',
        language: 'en',
      },
    ]);
    expect(wiki.requests.every((r) => r.userAgent === 'Grasp/test (support@grasp.test)')).toBe(
      true,
    );
  });

  it('falls back to English when the Hindi edition has nothing', async () => {
    const { sources } = finder();
    const hindi = await sources.find({ query: 'गुरुत्वाकर्षण', language: 'hi' });
    expect(hindi.map((s) => [s.title, s.language])).toEqual([['गुरुत्वाकर्षण', 'hi']]);
    const fallback = await sources.find({ query: 'Photosynthesis', language: 'hi' });
    expect(fallback.map((s) => [s.title, s.language])).toEqual([['Photosynthesis', 'en']]);
    expect(wiki.requests.filter((r) => r.kind === 'search').map((r) => r.language)).toEqual([
      'hi',
      'hi',
      'en',
    ]);
  });

  it('caches searches and pages: asking again sends nothing', async () => {
    const { sources } = finder();
    await sources.find({ query: 'Photosynthesis', language: 'en' });
    const sent = wiki.requests.length;
    await sources.find({ query: 'photosynthesis', language: 'en' });
    expect(wiki.requests.length).toBe(sent);
  });

  it('sends no punctuation and no link to Wikipedia', async () => {
    const { sources } = finder();
    expect(await sources.find({ query: '?!?', language: 'en' })).toEqual([]);
    expect(await sources.find({ query: 'https://example.com/a', language: 'en' })).toEqual([]);
    expect(wiki.requests).toEqual([]);
  });

  it('answers without sources within the budget when Wikipedia hangs', async () => {
    const { sources } = finder();
    wiki.behave({ kind: 'hang' });
    const started = performance.now();
    expect(await sources.find({ query: 'Gravity', language: 'en' })).toEqual([]);
    expect(performance.now() - started).toBeLessThan(BUDGET_MS + 500);
  });

  it('reads no more than 1 MiB of an answer, and hangs up on one that never ends', async () => {
    const { sources } = finder();
    wiki.behave({ kind: 'endless' });
    expect(await sources.find({ query: 'Flood', language: 'en' })).toEqual([]);
    // The cap, and what the kernel's buffers took before the hang-up.
    expect(wiki.endlessBytes()).toBeLessThan(8 * 1024 * 1024);
  });

  it('pauses retrieval after repeated failures and says so once, then resumes', async () => {
    const { sources, logs } = finder({ resetTimeoutMs: 200, volumeThreshold: 3 });
    wiki.behave({ kind: 'down' });
    for (const query of ['a1', 'a2', 'a3', 'a4', 'a5', 'a6']) {
      expect(await sources.find({ query, language: 'en' })).toEqual([]);
    }
    expect(logs).toEqual([expect.stringContaining('retrieval paused')]);
    // Open: nothing more is sent while it pauses.
    const sent = wiki.requests.length;
    expect(await sources.find({ query: 'a7', language: 'en' })).toEqual([]);
    expect(wiki.requests.length).toBe(sent);
    wiki.behave({ kind: 'ok' });
    await new Promise((resolve) => setTimeout(resolve, 250));
    const found = await sources.find({ query: 'Photosynthesis', language: 'en' });
    expect(found).toHaveLength(1);
    expect(logs).toEqual([
      expect.stringContaining('retrieval paused'),
      expect.stringContaining('retrieval resumed'),
    ]);
  });
});
