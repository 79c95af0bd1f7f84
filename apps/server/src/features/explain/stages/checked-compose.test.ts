import { describe, expect, it } from 'vitest';
import { sampleAnswer } from '../../../test/fake-provider.ts';
import type { ExplanationProvider } from '../providers/provider.ts';
import { BrokenPromiseError, composeChecked } from './checked-compose.ts';
import { retryReason } from './compose.ts';

/** A provider that answers these texts, one per call, and remembers the feedback it got. */
function scripted(id: ExplanationProvider['id'], texts: string[]) {
  const feedback: (string | undefined)[] = [];
  const provider = {
    id,
    available: true,
    async *stream(input: { feedback?: string }) {
      feedback.push(input.feedback);
      yield texts.shift() ?? '';
    },
  } as unknown as ExplanationProvider;
  return { provider, feedback };
}

const twoSections = [
  `## One (0-60 seconds)\n${'Mass pulls on mass everywhere. '.repeat(12)}`,
  `## Two (60-120 seconds)\n${'Mass pulls on mass everywhere. '.repeat(12)}`,
  '## Related Concepts\n- Mass',
].join('\n');

const request = {
  query: 'Gravity',
  template: 'default' as const,
  difficulty: 'beginner' as const,
  language: 'en' as const,
  sources: [],
  signal: new AbortController().signal,
};
const context = {
  template: 'default' as const,
  difficulty: 'beginner' as const,
  language: 'en' as const,
  retrieved: [],
};

function run(provider: ExplanationProvider) {
  const outcomes: string[] = [];
  const deltas: string[] = [];
  const recorder = { answerChecked: (_p: string, outcome: string) => void outcomes.push(outcome) };
  return {
    outcomes,
    deltas,
    answer: composeChecked(provider, request, context, (d) => deltas.push(d), recorder),
  };
}

describe('compose, checked', () => {
  it('passes an answer that keeps the promise, asked once', async () => {
    const { provider, feedback } = scripted('remote-openai', [sampleAnswer('Gravity')]);
    const { answer, outcomes } = run(provider);
    expect((await answer).response).toContain('## Understanding Gravity');
    expect(outcomes).toEqual(['pass']);
    expect(feedback).toEqual([undefined]);
  });

  it('asks a model once more, naming what was wrong, after a retry delta', async () => {
    const { provider, feedback } = scripted('remote-openai', [
      twoSections,
      sampleAnswer('Gravity'),
    ]);
    const { answer, outcomes, deltas } = run(provider);
    await answer;
    expect(outcomes).toEqual(['reasked']);
    expect(feedback).toEqual([undefined, 'it had 2 timed sections where at least 4 are needed']);
    expect(deltas.map(retryReason).filter((r) => r !== null)).toHaveLength(1);
  });

  it('gives up on a model that fails twice, handing its last answer to the caller', async () => {
    const { provider } = scripted('remote-openai', [twoSections, twoSections]);
    const { answer, outcomes } = run(provider);
    await expect(answer).rejects.toBeInstanceOf(BrokenPromiseError);
    expect(outcomes).toEqual(['failed']);
  });

  it('never asks the no-key explainer twice: it would answer the same', async () => {
    const { provider, feedback } = scripted('offline', [twoSections]);
    const { answer, outcomes } = run(provider);
    expect((await answer).response).toContain('## One');
    expect(outcomes).toEqual(['failed']);
    expect(feedback).toEqual([undefined]);
  });
});
