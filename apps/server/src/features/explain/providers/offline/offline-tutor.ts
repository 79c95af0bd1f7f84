import type { QuizDraft } from '@grasp/contract';
import { NeedsAiProviderError, type QuizInput, type TutorInput } from '../provider.ts';
import type { WordNet } from './wordnet.ts';

/** The learning loop from the dictionary alone (DESIGN.md §8, offline rules). */
export function createOfflineTutor(_dictionary: () => WordNet) {
  return {
    // biome-ignore lint/correctness/useYield: placeholder until the dictionary answers
    async *tutor(_input: TutorInput): AsyncIterable<string> {
      throw new NeedsAiProviderError('The offline dictionary cannot answer this');
    },
    async quiz(_input: QuizInput): Promise<QuizDraft> {
      throw new NeedsAiProviderError('The offline dictionary cannot make a quiz');
    },
  };
}
