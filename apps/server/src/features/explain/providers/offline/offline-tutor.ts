import type { QuizDraft } from '@grasp/contract';
import type { QuizInput, TutorInput } from '../provider.ts';
import { explainedConcept } from './concept.ts';
import { offlineFollowUp } from './offline-follow-up.ts';
import { offlineQuiz } from './offline-quiz.ts';
import { offlineReExplain } from './offline-re-explain.ts';
import { streamParagraphs } from './short-answer.ts';
import type { WordNet } from './wordnet.ts';

/** The learning loop from the dictionary alone (DESIGN.md §8, offline rules). */
export function createOfflineTutor(dictionary: () => WordNet) {
  async function answer(input: TutorInput): Promise<string[]> {
    input.signal.throwIfAborted();
    const wordnet = dictionary();
    const concept = await explainedConcept(input.explanation, wordnet);
    input.signal.throwIfAborted();
    return input.task === 'follow-up'
      ? offlineFollowUp(input.question, concept, wordnet)
      : offlineReExplain(concept, input.section, input.approach);
  }

  return {
    async *tutor(input: TutorInput): AsyncIterable<string> {
      yield* streamParagraphs(await answer(input), input.signal);
    },
    quiz(input: QuizInput): Promise<QuizDraft> {
      return offlineQuiz(input, dictionary());
    },
  };
}
