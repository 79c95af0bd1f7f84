import {
  type Difficulty,
  type ReExplainApproach,
  SHORT_ANSWER_MAX_WORDS,
  type TemplateId,
} from '@grasp/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { collect, offlineExplanation } from '../../../../test/offline-explanation.ts';
import { countWords } from '../../answer.ts';
import { type ExplanationContext, NeedsAiProviderError } from '../provider.ts';
import { createOfflineProvider } from './offline-provider.ts';
import { plainText } from './section-text.ts';
import { createWordNet } from './wordnet.ts';

const wordnet = createWordNet();
const provider = createOfflineProvider({ wordnet });
afterAll(() => wordnet.close());

const signal = new AbortController().signal;

async function followUp(explanation: ExplanationContext, question: string) {
  const chunks = await collect(
    provider.tutor({ task: 'follow-up', question, explanation, signal }),
  );
  return { chunks, text: chunks.join('') };
}

async function reExplain(
  explanation: ExplanationContext,
  title: string,
  approach: ReExplainApproach,
): Promise<string> {
  const section = explanation.sections.find((s) => s.title === title);
  if (!section) throw new Error(`no section ${title}`);
  return (
    await collect(provider.tutor({ task: 're-explain', section, approach, explanation, signal }))
  ).join('');
}

const explained = async (
  query: string,
  template: TemplateId = 'default',
  difficulty: Difficulty = 'beginner',
) => (await offlineExplanation(provider, query, template, difficulty)).explanation;

describe('offline follow-up', () => {
  it('compares two terms: both definitions and the family they share, from the dictionary', async () => {
    const explanation = await explained('gravity');
    const { chunks, text } = await followUp(
      explanation,
      'What is the difference between gravity and magnetism?',
    );
    expect(text).toContain('_Answered from the WordNet dictionary (offline mode)._');
    expect(text).toContain('the force of attraction between all masses in the universe');
    expect(text).toContain('**Magnetism** is attraction for iron');
    expect(text).toContain('Both are kinds of attraction in WordNet');
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expect(countWords(text)).toBeLessThanOrEqual(SHORT_ANSWER_MAX_WORDS);
    expect(text).not.toMatch(/\bas an AI\b|language model/i);
  });

  it('answers at the explanation level: the is-a path only from intermediate up', async () => {
    const question = 'What is the difference between gravity and magnetism?';
    const beginner = await followUp(await explained('gravity'), question);
    const intermediate = await followUp(
      await explained('gravity', 'default', 'intermediate'),
      question,
    );
    expect(beginner.text).not.toContain('→');
    expect(intermediate.text).toContain('(gravity → attraction; magnetism → attraction)');
  });

  it('places a term on the concept’s is-a chain, in the sense on that chain', async () => {
    const { text } = await followUp(
      await explained('gravity'),
      'How does gravity relate to force?',
    );
    expect(text).toContain('In WordNet, gravity is a kind of force: gravity → attraction → force.');
    expect(text).toContain(
      '**force** is the influence that produces a change in a physical quantity',
    );
  });

  it('tries multi-word terms first and strips question words', async () => {
    const { text } = await followUp(await explained('gravity'), 'What is a black hole?');
    expect(text).toContain('A **black hole** is a region of space');
    expect(text).not.toMatch(/\*\*black\*\*|\*\*hole\*\*/i);
  });

  it('keeps a term whose last word alone would be filler, and answers a bare "what is"', async () => {
    const explanation = await explained('gravity');
    expect((await followUp(explanation, 'What is dark matter?')).text).toContain('**dark matter**');
    expect((await followUp(explanation, 'What is life?')).text).toContain('**life**');
  });

  it('says when two names are words for the same meaning', async () => {
    const { text } = await followUp(
      await explained('gravity'),
      'Is gravity the same as gravitation?',
    );
    expect(text).toContain(
      'WordNet lists “gravity” and “gravitation” as words for the same meaning.',
    );
  });

  it('reads "its" as the explanation’s own concept when asking for a relation', async () => {
    const { text } = await followUp(await explained('gravity'), 'What are its kinds?');
    expect(text).toContain('Kinds of gravity in WordNet: solar gravity.');
  });

  it('says which part of a question it does not know', async () => {
    const { text } = await followUp(
      await explained('gravity'),
      'What is the difference between gravity and xqzzv?',
    );
    expect(text).toContain('WordNet has no entry for “xqzzv”.');
  });

  it('needs an AI provider for an explanation in another language', async () => {
    const explanation = { ...(await explained('gravity')), language: 'hi' as const };
    await expect(followUp(explanation, 'What is gravity?')).rejects.toBeInstanceOf(
      NeedsAiProviderError,
    );
    await expect(provider.quiz({ explanation, signal })).rejects.toBeInstanceOf(
      NeedsAiProviderError,
    );
  });

  it.each([
    'What is the difference between xqzzv and blorf?',
    'Why does it happen?',
    'How does this work in real life?',
    'Why is the sky blue?',
  ])('needs an AI provider for %s', async (question) => {
    await expect(followUp(await explained('gravity'), question)).rejects.toBeInstanceOf(
      NeedsAiProviderError,
    );
  });
});

describe('offline re-explain', () => {
  it('tells a section as an analogy with sibling concepts the section did not name', async () => {
    const explanation = await explained('gravity');
    const text = await reExplain(explanation, 'Structure: Where Gravity Fits', 'analogy');
    expect(text).toMatch(/^_Answered from the WordNet dictionary/);
    expect(text).toMatch(/Think of gravity as a kind of attraction, like [^:]*magnetism/);
    const section = explanation.sections.find((s) => s.title === 'Structure: Where Gravity Fits');
    expect(plainText(section?.content ?? '')).not.toContain('magnetism');
    expect(countWords(text)).toBeLessThanOrEqual(SHORT_ANSWER_MAX_WORDS);
  });

  it('gives a worked example from example sentences the section did not quote', async () => {
    const explanation = await explained('gravity');
    const text = await reExplain(explanation, 'Evidence: The Word in Use', 'example');
    // The section quotes the first example; the retelling brings the others.
    expect(text).not.toContain('the more remote the body the less the gravity');
    expect(text).toContain('gravitation cannot be held responsible for people falling in love');
  });

  it('goes step by step down the is-a chain, more steps at a higher level', async () => {
    const beginner = await reExplain(await explained('gravity'), 'Understanding Gravity', 'steps');
    expect(beginner).toContain('1. **force**: the influence that produces a change');
    expect(beginner).toContain('3. **gravity**: the force of attraction');
    const advanced = await reExplain(
      await explained('gravity', 'default', 'advanced'),
      'Understanding Gravity',
      'steps',
    );
    expect(advanced).toContain('5. **gravity**');
  });

  it('retells a historical template’s section too', async () => {
    const explanation = await explained('democracy', 'historicalTimeline');
    const text = await reExplain(explanation, 'Step 3: Arrival at Democracy', 'analogy');
    expect(text).toContain('Think of democracy as a kind of political orientation');
  });

  it('needs an AI provider when the approach has nothing new (no examples, no kinds)', async () => {
    const explanation = await explained('democracy');
    await expect(
      reExplain(explanation, 'Understanding Democracy', 'example'),
    ).rejects.toBeInstanceOf(NeedsAiProviderError);
  });
});
