import type { QuizDraft } from '@grasp/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { offlineExplanation } from '../../../../test/offline-explanation.ts';
import { type ExplanationContext, NeedsAiProviderError } from '../provider.ts';
import { createOfflineProvider } from './offline-provider.ts';
import { plainText } from './section-text.ts';
import { createWordNet } from './wordnet.ts';

const wordnet = createWordNet();
const provider = createOfflineProvider({ wordnet });
afterAll(() => wordnet.close());

const signal = new AbortController().signal;
const quiz = (explanation: ExplanationContext) => provider.quiz({ explanation, signal });

type Question = QuizDraft['questions'][number];
const correct = (q: Question) => q.options[q.correctChoice] ?? '';
const find = (draft: QuizDraft, prompt: RegExp) =>
  draft.questions.find((q) => prompt.test(q.prompt));

/** The quiz's own promise: each question checks a real section that states its answer. */
function expectGrounded(draft: QuizDraft, explanation: ExplanationContext): void {
  expect(draft.questions.length).toBeGreaterThanOrEqual(3);
  expect(draft.questions.length).toBeLessThanOrEqual(5);
  for (const q of draft.questions) {
    const section = explanation.sections.find((s) => s.title === q.section);
    expect(section, q.section).toBeDefined();
    expect(plainText(section?.content ?? '')).toContain(plainText(correct(q)));
    expect(q.options).toHaveLength(4);
    expect(new Set(q.options.map(plainText)).size).toBe(4);
    expect(q.why).toMatch(/WordNet/);
  }
}

describe('offline quiz', () => {
  it('asks about gravity from its definition, family, kinds and examples', async () => {
    const { explanation } = await offlineExplanation(provider, 'gravity');
    const draft = await quiz(explanation);
    expectGrounded(draft, explanation);

    const definition = find(draft, /^Which of these describes gravity\?$/);
    expect(definition?.section).toBe('Understanding Gravity');
    expect(definition && correct(definition)).toBe(
      'The force of attraction between all masses in the universe',
    );

    const parent = find(draft, /^In WordNet, gravity is a kind of…$/);
    expect(parent?.section).toBe('Structure: Where Gravity Fits');
    expect(parent && correct(parent)).toBe('attraction');
    // Higher on its own chain is also true, so never a wrong option.
    for (const ancestor of ['force', 'physical phenomenon', 'phenomenon', 'entity']) {
      expect(parent?.options).not.toContain(ancestor);
    }

    const kind = find(draft, /^Which of these is a kind of gravity\?$/);
    expect(kind && correct(kind)).toBe('solar gravity');
    // Sibling forces: kinds of attraction, not of gravity.
    expect(kind?.options.filter((o) => o !== 'solar gravity').length).toBe(3);
    expect(kind?.options).not.toContain('gravitation');

    const example = find(draft, /example sentences/);
    expect(example?.section).toBe('Evidence: The Word in Use');
    expect(example && correct(example)).toBe('the more remote the body the less the gravity');
    for (const option of example?.options ?? []) {
      if (option !== correct(example as Question)) expect(option).not.toMatch(/gravit/);
    }
  });

  it('never offers a neighbour whose definition names the concept ("female of the dog family")', async () => {
    const { explanation } = await offlineExplanation(provider, 'dog');
    const draft = await quiz(explanation);
    expectGrounded(draft, explanation);
    const kind = find(draft, /^Which of these is a kind of dog\?$/);
    expect(kind && correct(kind)).toBe('puppy');
    expect(draft.questions.flatMap((q) => q.options)).not.toContain('bitch');
  });

  it('puts the correct option at different places', async () => {
    const { explanation } = await offlineExplanation(provider, 'gravity');
    const places = new Set((await quiz(explanation)).questions.map((q) => q.correctChoice));
    expect(places.size).toBeGreaterThan(1);
  });

  it('asks about photosynthesis, its definition and the family it belongs to', async () => {
    const { explanation } = await offlineExplanation(provider, 'photosynthesis');
    const draft = await quiz(explanation);
    expectGrounded(draft, explanation);
    const parent = find(draft, /^In WordNet, photosynthesis is a kind of…$/);
    expect(parent && correct(parent)).toBe('chemical process');
    const grandparent = find(draft, /family tree, chemical process is a kind of…$/);
    expect(grandparent && correct(grandparent)).toBe('natural process');
  });

  it('asks about parts with the parts of neighbouring things as wrong options', async () => {
    const { explanation } = await offlineExplanation(provider, 'glacier');
    const draft = await quiz(explanation);
    expectGrounded(draft, explanation);
    const part = find(draft, /^Which of these does WordNet list as part of glacier\?$/);
    expect(part?.section).toBe('Analysis: Kinds and Parts');
    expect(part && correct(part)).toBe('icefall');
  });

  it('follows a historical template: each question checks the timeline step stating it', async () => {
    const { explanation } = await offlineExplanation(provider, 'gravity', 'historicalTimeline');
    const draft = await quiz(explanation);
    expectGrounded(draft, explanation);
    expect(find(draft, /^In WordNet, gravity is a kind of…$/)?.section).toBe(
      'Step 3: Arrival at Gravity',
    );
    expect(find(draft, /family tree, attraction is a kind of…$/)?.section).toBe(
      'Step 2: The Middle Layers',
    );
  });

  it('makes a quiz for a concept with no parts or kinds (democracy), with no parts question', async () => {
    const { explanation } = await offlineExplanation(provider, 'democracy', 'historicalBiography');
    const draft = await quiz(explanation);
    expectGrounded(draft, explanation);
    expect(draft.questions.some((q) => /part of|kind of democracy/.test(q.prompt))).toBe(false);
  });

  it('is the same quiz every time, even from a fresh dictionary', async () => {
    const { explanation } = await offlineExplanation(
      provider,
      'metaphor',
      'storytelling',
      'intermediate',
    );
    const fresh = createWordNet();
    const again = await createOfflineProvider({ wordnet: fresh }).quiz({ explanation, signal });
    await fresh.close();
    expect(await quiz(explanation)).toEqual(again);
    expect(await quiz(explanation)).toEqual(again);
  });

  it('needs an AI provider when the sections state nothing the dictionary can ask about', async () => {
    const { explanation } = await offlineExplanation(provider, 'gravity');
    const prose = {
      ...explanation,
      sections: [
        { title: 'Why Things Fall', content: 'Apples fall because mass bends spacetime.' },
        { title: 'Orbits', content: 'The Moon keeps falling around the Earth.' },
        { title: 'Tides', content: 'The Moon pulls the oceans into two bulges.' },
      ],
    };
    await expect(quiz(prose)).rejects.toBeInstanceOf(NeedsAiProviderError);
  });

  it('needs an AI provider for a concept the dictionary does not know', async () => {
    const { explanation } = await offlineExplanation(provider, 'gravity');
    await expect(quiz({ ...explanation, query: 'xqzzv blorf' })).rejects.toBeInstanceOf(
      NeedsAiProviderError,
    );
  });
});
