import { DISTILL_MAX_CONCEPTS, DISTILL_MIN_CONCEPTS } from '@grasp/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { createWordNet } from '../../explain/providers/offline/wordnet.ts';
import { UnknownConceptError } from '../../explain/providers/provider.ts';
import { cleanConcepts } from '../concept-list.ts';
import { nounPhrases } from './noun-phrases.ts';
import { createOfflineDistiller } from './offline-distiller.ts';

const wordnet = createWordNet();
const distiller = createOfflineDistiller(wordnet);
const distill = async (subject: string) =>
  cleanConcepts((await distiller.distill(subject, AbortSignal.timeout(10_000))).concepts);

afterAll(() => wordnet.close());

describe('noun phrases', () => {
  it('finds the phrases wink-nlp tags as nouns, in order, with base forms', () => {
    const phrases = nounPhrases('The history of the printing presses');
    expect(phrases.map((p) => p.words.join(' '))).toEqual(['history', 'printing presses']);
    expect(phrases[1]?.lemmas).toEqual(['printing', 'press']);
  });
});

describe('offline distiller', () => {
  it('breaks a subject into its terms, then the main term’s parts and kinds', async () => {
    const concepts = await distill('history of the printing press');
    expect(concepts.length).toBeGreaterThanOrEqual(DISTILL_MIN_CONCEPTS);
    expect(concepts.length).toBeLessThanOrEqual(DISTILL_MAX_CONCEPTS);
    // General to specific: the framing word, the subject itself, then its parts and kinds.
    expect(concepts.slice(0, 2)).toEqual(['history', 'printing press']);
    expect(concepts).toContain('rotary press');
    expect(concepts.indexOf('rotary press')).toBeGreaterThan(1);
  });

  it('names a part in the sense it has here when the word has others', async () => {
    expect(await distill('printing press')).toContain('bed (printing press)');
  });

  it('keeps WordNet’s capitals and base forms, and skips vague words', async () => {
    const concepts = await distill('The causes of the French Revolution');
    expect(concepts).toContain('French Revolution');
    expect(concepts.map((c) => c.toLowerCase())).not.toContain('cause');
    expect(await distill('Printing presses')).toContain('printing press');
  });

  it('leads with the category when the dictionary knows little else', async () => {
    expect(await distill('gravity')).toEqual(['attraction', 'gravity', 'solar gravity']);
  });

  it('puts a concept’s hypernyms and parts before it, its kinds after it', async () => {
    const { prerequisites } = await distiller.distill(
      'history of the printing press',
      AbortSignal.timeout(10_000),
    );
    expect(prerequisites).toEqual(
      expect.arrayContaining([
        { from: 'bed (printing press)', to: 'printing press' },
        { from: 'printing press', to: 'rotary press' },
      ]),
    );
    const gravity = await distiller.distill('gravity', AbortSignal.timeout(10_000));
    expect(gravity.prerequisites).toEqual([
      { from: 'attraction', to: 'gravity' },
      { from: 'gravity', to: 'solar gravity' },
      { from: 'attraction', to: 'solar gravity' },
    ]);
  });

  it('refuses a subject with no known nouns, with a helpful message', async () => {
    const attempt = distiller.distill('asdf qwerty', AbortSignal.timeout(10_000));
    await expect(attempt).rejects.toBeInstanceOf(UnknownConceptError);
    await expect(attempt).rejects.toThrow(/offline dictionary/);
  });

  it('stops when its signal is aborted', async () => {
    const attempt = distiller.distill('history of the printing press', AbortSignal.abort());
    await expect(attempt).rejects.toThrow();
  });
});
