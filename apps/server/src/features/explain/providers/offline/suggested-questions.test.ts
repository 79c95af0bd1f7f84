import {
  DIFFICULTIES,
  MAX_SUGGESTED_QUESTIONS,
  parseExplanation,
  TEMPLATE_IDS,
} from '@grasp/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { collect, offlineExplanation } from '../../../../test/offline-explanation.ts';
import { checkTwoMinuteShape, countWords, extractGraph } from '../../answer.ts';
import { createOfflineProvider } from './offline-provider.ts';
import { createWordNet } from './wordnet.ts';

const wordnet = createWordNet();
const provider = createOfflineProvider({ wordnet });
afterAll(() => wordnet.close());

const signal = new AbortController().signal;
const CONCEPTS = [
  'gravity',
  'photosynthesis',
  'democracy',
  'volcano',
  'justice',
  'probability',
  'supply and demand',
  'quantum entanglement',
];

/** The terms a suggested question names, by the shapes the offline explainer writes. */
function termsOf(question: string): string[] {
  const pair =
    /^What is the difference between (.+) and (.+)\?$/.exec(question) ??
    /^How does (.+) relate to (.+)\?$/.exec(question);
  const one =
    /^What does “(.+)” mean\?$/.exec(question) ?? /^What is the opposite of (.+)\?$/.exec(question);
  const found = pair ? [pair[1], pair[2]] : [one?.[1]];
  if (found.some((t) => t === undefined)) throw new Error(`unexpected question: ${question}`);
  return found.map((t) => (t ?? '').toLowerCase());
}

describe('suggested questions', () => {
  it('come in a questions block just before the graph and sources blocks', async () => {
    const text = await provider.generate({
      query: 'gravity',
      template: 'default',
      difficulty: 'beginner',
      signal,
    });
    expect(text).toMatch(
      /\n- physics\n\n```questions\n\[[^\n]*\]\n```\n\n```graph\n[^\n]*\n```\n\n```sources\n[^\n]*\n```\n$/,
    );
    const { suggestedQuestions } = await offlineExplanation(provider, 'gravity');
    expect(suggestedQuestions).toEqual([
      'What is the difference between gravity and magnetism?',
      'How does gravity relate to force?',
      'What does “solar gravity” mean?',
    ]);
  });

  it('change neither the words a reader reads nor what the web shows', async () => {
    const text = await provider.generate({
      query: 'photosynthesis',
      template: 'storytelling',
      difficulty: 'advanced',
      signal,
    });
    const withoutBlock = text.replace(/```questions\n.*\n```\n\n/, '');
    expect(withoutBlock).not.toBe(text);
    expect(countWords(text)).toBe(countWords(withoutBlock));
    expect(checkTwoMinuteShape(text)).toEqual(checkTwoMinuteShape(withoutBlock));
    expect(extractGraph(text).graph).toEqual(extractGraph(withoutBlock).graph);
    const shown = parseExplanation(text)
      .sections.map((s) => s.content)
      .join('\n');
    expect(shown).not.toContain('questions');
    expect(shown).not.toContain('What is the difference');
  });

  it.each(CONCEPTS)('are 2-3 for %s, and the offline follow-up answers each one', async (query) => {
    for (const template of ['default', 'historicalContext'] as const) {
      const { explanation, suggestedQuestions } = await offlineExplanation(
        provider,
        query,
        template,
      );
      expect(suggestedQuestions.length).toBeGreaterThanOrEqual(2);
      expect(suggestedQuestions.length).toBeLessThanOrEqual(MAX_SUGGESTED_QUESTIONS);
      for (const question of suggestedQuestions) {
        const chunks = await collect(
          provider.tutor({ task: 'follow-up', question, explanation, signal }),
        );
        // Every term the question names is defined in the answer.
        const answer = chunks.join('').toLowerCase();
        for (const term of termsOf(question)) expect(answer, question).toContain(`**${term}**`);
      }
    }
  });

  it('compare the concept with a sibling and place it in its family', async () => {
    const { suggestedQuestions } = await offlineExplanation(provider, 'mitosis');
    expect(suggestedQuestions).toContain('What is the difference between mitosis and meiosis?');
    expect(suggestedQuestions).toContain('How does mitosis relate to cell division?');
  });

  it('compare a phrase’s own terms first', async () => {
    const { suggestedQuestions } = await offlineExplanation(provider, 'supply and demand');
    expect(suggestedQuestions[0]).toBe('What is the difference between supply and demand?');
  });

  it('are the same in every style, since they come from the dictionary, not the text', async () => {
    for (const difficulty of DIFFICULTIES) {
      const all = await Promise.all(
        TEMPLATE_IDS.map((t) => offlineExplanation(provider, 'inflation', t, difficulty)),
      );
      expect(new Set(all.map((a) => JSON.stringify(a.suggestedQuestions))).size).toBe(1);
    }
  });
});
