import { DIFFICULTIES, type Difficulty, TEMPLATE_IDS, type TemplateId } from '@grasp/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { checkTwoMinuteShape, extractGraph, extractRelatedConcepts } from '../../answer.ts';
import { UnknownConceptError } from '../provider.ts';
import { createOfflineProvider } from './offline-provider.ts';
import { createWordNet } from './wordnet.ts';

const wordnet = createWordNet();
const provider = createOfflineProvider({ wordnet });
afterAll(() => wordnet.close());

const COMMON = [
  'gravity',
  'democracy',
  'photosynthesis',
  'inflation',
  'algorithm',
  'volcano',
  'evolution',
  'electricity',
  'capitalism',
  'entropy',
  'atom',
  'osmosis',
  'mitosis',
  'recursion',
  'metaphor',
  'climate',
  'vaccine',
  'justice',
  'happy',
  'quickly',
  'run',
  'black holes',
];

function ask(
  query: string,
  template: TemplateId = 'default',
  difficulty: Difficulty = 'beginner',
  signal = new AbortController().signal,
) {
  return { query, template, difficulty, signal };
}

describe('offline provider', () => {
  it('is the always-available offline provider', () => {
    expect(provider.id).toBe('offline');
    expect(provider.available).toBe(true);
  });

  it('fits the two-minute shape for every concept, template and difficulty', async () => {
    const misfits: string[] = [];
    for (const query of COMMON) {
      for (const template of TEMPLATE_IDS) {
        for (const difficulty of DIFFICULTIES) {
          const text = await provider.generate(ask(query, template, difficulty));
          const shape = checkTwoMinuteShape(text);
          const { markdown, graph } = extractGraph(text);
          const related = extractRelatedConcepts(markdown);
          const ok =
            shape.fits && graph !== undefined && graph.nodes.length <= 12 && related.length >= 1;
          if (!ok) misfits.push(`${query}/${template}/${difficulty}: ${JSON.stringify(shape)}`);
        }
      }
    }
    expect(misfits).toEqual([]);
  });

  it('labels its source honestly and never claims to be an AI', async () => {
    const text = await provider.generate(ask('gravity'));
    expect(text).toContain('_From the WordNet lexical database (offline mode)._');
    expect(text).not.toMatch(/\bI am an AI\b|\bas an AI\b|language model/i);
  });

  it('writes section titles with icon keywords and a graph of real relations', async () => {
    const text = await provider.generate(ask('dog', 'default', 'intermediate'));
    expect(text).toMatch(/^## Understanding Dog \(0-\d+ seconds\)/);
    expect(text).toMatch(/## Key Takeaway \(\d+-120 seconds\)/);
    const { graph } = extractGraph(text);
    expect(graph?.nodes.map((n) => n.label)).toEqual(
      expect.arrayContaining(['dog', 'canine', 'puppy']),
    );
    expect(graph?.edges).toContainEqual({ source: 'dog', target: 'canine', label: 'is a' });
  });

  it('goes deeper with difficulty', async () => {
    const [beginner, intermediate, advanced] = await Promise.all(
      DIFFICULTIES.map((d) => provider.generate(ask('gravity', 'default', d))),
    );
    expect(new Set([beginner, intermediate, advanced]).size).toBe(3);
    expect(advanced).toContain('gravity → attraction → force');
    expect(advanced).toContain('entity');
    expect(beginner).not.toContain('→');
    expect(intermediate).toContain('can also mean');
    expect(beginner).not.toContain('can also mean');
  });

  it.each([
    ['supply and demand', ['supply', 'demand']],
    ['quantum entanglement', ['quantum', 'entanglement']],
  ])('explains %s through its main terms and says so', async (query, terms) => {
    const text = await provider.generate(ask(query, 'default', 'intermediate'));
    expect(text).toContain(
      `WordNet has no entry for the whole phrase “${query}”; here are its main terms:`,
    );
    for (const term of terms) expect(text.toLowerCase()).toContain(`**${term}**`);
    expect(checkTwoMinuteShape(text).fits).toBe(true);
  });

  it('prefers the senses that a phrase shares', async () => {
    const text = await provider.generate(ask('supply and demand'));
    expect(text).toContain('goods and services');
  });

  it('throws UnknownConceptError when no term is known', async () => {
    const error = await provider.generate(ask('  xqzzv blorf ')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnknownConceptError);
    expect((error as Error).message).toBe(
      '"xqzzv blorf" is not in the offline dictionary. Configure an AI provider (for example GOOGLE_GENERATIVE_AI_API_KEY) to explain any concept.',
    );
  });

  it('streams section by section, adding up to exactly what generate returns', async () => {
    for (const template of TEMPLATE_IDS) {
      const chunks: string[] = [];
      for await (const chunk of provider.stream(ask('photosynthesis', template, 'advanced')))
        chunks.push(chunk);
      expect(chunks.length).toBeGreaterThanOrEqual(6);
      expect(chunks.join('')).toBe(
        await provider.generate(ask('photosynthesis', template, 'advanced')),
      );
    }
  });

  it('respects an aborted signal', async () => {
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await expect(
      provider.generate(ask('gravity', 'default', 'beginner', controller.signal)),
    ).rejects.toThrow('gone');
    const stream = provider.stream(ask('gravity', 'default', 'beginner', controller.signal));
    await expect(stream[Symbol.asyncIterator]().next()).rejects.toThrow('gone');
  });

  it('keeps markdown out of the echoed query', async () => {
    const text = await provider.generate(ask('gravity and `code` <b>dog</b> ## heading'));
    expect(text).not.toMatch(/<b>|`code`|## heading/);
  });
});
