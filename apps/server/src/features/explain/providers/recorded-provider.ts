import type { Recorder } from '../../../lib/recorder.ts';
import {
  type ExplainInput,
  type ExplanationProvider,
  NeedsAiProviderError,
  ProviderTimeoutError,
  type QuizInput,
  type TutorInput,
  UnknownConceptError,
} from './provider.ts';

type Outcome = Parameters<Recorder['providerCall']>[1];

function outcomeOf(error: unknown): Outcome {
  if (error instanceof UnknownConceptError) return 'unknown_concept';
  if (error instanceof NeedsAiProviderError) return 'needs_ai_provider';
  const timedOut =
    error instanceof ProviderTimeoutError ||
    (error instanceof Error && error.name === 'TimeoutError');
  return timedOut ? 'timeout' : 'failed';
}

/** The same provider, reporting each call's outcome to the recorder. */
export function recordedProvider(
  provider: ExplanationProvider,
  recorder: Recorder,
): ExplanationProvider {
  const record = (outcome: Outcome) => recorder.providerCall(provider.id, outcome);
  async function* recordedStream(deltas: AsyncIterable<string>) {
    try {
      yield* deltas;
      record('ok');
    } catch (error) {
      record(outcomeOf(error));
      throw error;
    }
  }
  return {
    id: provider.id,
    get available() {
      return provider.available;
    },
    ...(provider.languages ? { languages: provider.languages } : {}),
    ...(provider.grounding ? { grounding: provider.grounding } : {}),
    async generate(input: ExplainInput) {
      try {
        const text = await provider.generate(input);
        record('ok');
        return text;
      } catch (error) {
        record(outcomeOf(error));
        throw error;
      }
    },
    stream: (input: ExplainInput) => recordedStream(provider.stream(input)),
    tutor: (input: TutorInput) => recordedStream(provider.tutor(input)),
    async quiz(input: QuizInput) {
      try {
        const draft = await provider.quiz(input);
        record('ok');
        return draft;
      } catch (error) {
        record(outcomeOf(error));
        throw error;
      }
    },
  };
}
