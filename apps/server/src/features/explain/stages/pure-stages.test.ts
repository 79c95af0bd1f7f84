import type { Source } from '@grasp/contract';
import { describe, expect, it } from 'vitest';
import { sampleAnswer } from '../../../test/fake-provider.ts';
import type { ExplanationProvider } from '../providers/provider.ts';
import { cacheKeyOf } from './answer-cache.ts';
import { checkAnswer } from './check.ts';
import { compose } from './compose.ts';
import { findSources } from './find-sources.ts';

const source = (n: number): Source => ({
  n,
  title: `Page ${n}`,
  url: `https://en.wikipedia.org/wiki/Page_${n}`,
  excerpt: 'An excerpt.',
  origin: 'wikipedia',
  language: 'en',
});

describe('find sources', () => {
  const asked: unknown[] = [];
  const sources = {
    find: async (request: unknown) => {
      asked.push(request);
      return [source(1)];
    },
  };
  const ask = {
    query: 'Gravity',
    language: 'en' as const,
    userId: 'u1',
    signal: new AbortController().signal,
  };

  it('asks retrieval for a provider grounded on it', async () => {
    expect(await findSources(sources, ask)).toEqual([source(1)]);
    expect(asked.at(-1)).toMatchObject({ query: 'Gravity', language: 'en', userId: 'u1' });
  });

  it('asks nothing for a provider citing its own, unless a material grounds it', async () => {
    asked.length = 0;
    expect(await findSources(sources, { ...ask, grounding: 'own' })).toEqual([]);
    expect(asked).toHaveLength(0);
    await findSources(sources, { ...ask, grounding: 'own', materialId: 'm1' });
    expect(asked.at(-1)).toMatchObject({ materialId: 'm1' });
  });

  it('finds nothing with retrieval off', async () => {
    expect(await findSources(undefined, ask)).toEqual([]);
  });
});

describe('compose', () => {
  it('passes each delta on as it comes and returns the whole text', async () => {
    const provider = {
      stream: async function* () {
        yield 'one ';
        yield 'two';
      },
    } as unknown as ExplanationProvider;
    const seen: string[] = [];
    const text = await compose(
      provider,
      {
        query: 'q',
        template: 'default',
        difficulty: 'beginner',
        language: 'en',
        sources: [],
        signal: new AbortController().signal,
      },
      (d) => seen.push(d),
    );
    expect(seen).toEqual(['one ', 'two']);
    expect(text).toBe('one two');
  });
});

describe('check', () => {
  const context = {
    provider: { id: 'remote-google' as const },
    template: 'default' as const,
    difficulty: 'beginner' as const,
    language: 'en' as const,
    retrieved: [source(1), source(2)],
  };

  it('takes the blocks out and keeps only the sources the text cites', () => {
    const answer = checkAnswer(`${sampleAnswer('Gravity')}\nIt pulls [2][7].`, context);
    expect(answer.response).not.toContain('```');
    expect(answer.response).toContain('It pulls [2].');
    expect(answer.sources.map((s) => s.n)).toEqual([2]);
    expect(answer.relatedConcepts).toEqual(['Mass', 'Energy']);
    expect(answer.graph?.nodes).toHaveLength(2);
    expect(answer.suggestedQuestions).toHaveLength(2);
  });

  it('fails an answer with nothing usable', () => {
    expect(() => checkAnswer('Sorry.', context)).toThrow(/nothing usable/);
  });
});

describe('the answer cache key', () => {
  const key = {
    queryKey: 'gravity',
    template: 'default',
    difficulty: 'beginner',
    providerId: 'offline',
  };
  it('keeps the English keys of before languages, and keys a material apart', () => {
    expect(cacheKeyOf({ ...key, language: 'en' })).toBe('gravity|default|beginner|offline');
    expect(cacheKeyOf({ ...key, language: 'hi' })).toBe('gravity|default|beginner|offline|hi');
    expect(cacheKeyOf({ ...key, language: 'en', materialId: 'm1' })).toBe(
      'gravity|default|beginner|offline|material:m1',
    );
  });
});
