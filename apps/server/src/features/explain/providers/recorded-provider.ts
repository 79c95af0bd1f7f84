import type { Recorder } from '../../../lib/recorder.ts';
import {
  type ExplainInput,
  type ExplanationProvider,
  ProviderTimeoutError,
  UnknownConceptError,
} from './provider.ts';

type Outcome = Parameters<Recorder['providerCall']>[1];

function outcomeOf(error: unknown): Outcome {
  if (error instanceof UnknownConceptError) return 'unknown_concept';
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
  return {
    id: provider.id,
    get available() {
      return provider.available;
    },
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
    async *stream(input: ExplainInput) {
      try {
        yield* provider.stream(input);
        record('ok');
      } catch (error) {
        record(outcomeOf(error));
        throw error;
      }
    },
  };
}
