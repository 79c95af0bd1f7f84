import type { LanguageId } from '@grasp/contract';
import {
  type ExplainInput,
  type ExplanationProvider,
  NeedsAiProviderError,
  type QuizInput,
  type TutorInput,
} from '../provider.ts';

/**
 * The offline explainer as the server offers it: English only, since its dictionary is
 * (DESIGN.md §9). The services check `languages` before a unit is taken; this holds if one
 * did not, before the dictionary is opened.
 */
export function englishOnly(provider: ExplanationProvider): ExplanationProvider {
  const english = (language: LanguageId | undefined) => {
    if (language !== undefined && language !== 'en') {
      throw new NeedsAiProviderError(`${provider.id} explains in English only`);
    }
  };
  return {
    id: provider.id,
    get available() {
      return provider.available;
    },
    languages: ['en'],
    ...(provider.grounding ? { grounding: provider.grounding } : {}),
    async generate(input: ExplainInput) {
      english(input.language);
      return provider.generate(input);
    },
    async *stream(input: ExplainInput) {
      english(input.language);
      yield* provider.stream(input);
    },
    async *tutor(input: TutorInput) {
      english(input.explanation.language);
      yield* provider.tutor(input);
    },
    async quiz(input: QuizInput) {
      english(input.explanation.language);
      return provider.quiz(input);
    },
  };
}
