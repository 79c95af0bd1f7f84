import { ERROR_CODES, ERROR_MESSAGES } from '@grasp/contract';
import { ApiError } from '../../../lib/api-client.ts';

/** What a learning part needs to pick its error state. */
export type LearningErrorKind =
  | 'unitsExhausted'
  | 'needsProvider'
  | 'alreadyAnswered'
  | 'notFound'
  | 'timeout'
  | 'general';

export interface LearningError {
  kind: LearningErrorKind;
  message: string;
}

/** Shown when a call fails without a message of the server's own. */
export const LEARNING_FAILURES = {
  record: 'Your questions and quiz could not be loaded.',
  followUp: 'The follow-up could not be answered. Please try again.',
  quiz: 'The quiz could not be made. Please try again.',
  answer: 'Your answer could not be checked. Please try again.',
  reExplain: 'This part could not be explained again. Please try again.',
} as const;

const NEEDS_PROVIDER_FALLBACK =
  'The offline dictionary cannot do this. Choose an AI provider and explain the concept again.';

/** Maps a failed learning call to the message and state to show (SPEC.md §8, DESIGN.md §8). */
export function toLearningError(error: unknown, fallback: string): LearningError {
  if (!(error instanceof Error)) return { kind: 'general', message: fallback };
  const api = error instanceof ApiError ? error : null;
  if (
    api?.code === ERROR_CODES.unitsExhausted ||
    api?.status === 402 ||
    error.message === ERROR_MESSAGES.noUnitsServer
  ) {
    return { kind: 'unitsExhausted', message: ERROR_MESSAGES.unitsExhausted };
  }
  if (api?.code === ERROR_CODES.needsAiProvider) {
    return { kind: 'needsProvider', message: error.message || NEEDS_PROVIDER_FALLBACK };
  }
  if (api?.code === ERROR_CODES.alreadyAnswered) {
    return { kind: 'alreadyAnswered', message: error.message || ERROR_MESSAGES.alreadyAnswered };
  }
  if (api?.status === 404) {
    return { kind: 'notFound', message: error.message || ERROR_MESSAGES.notFound };
  }
  if (
    api?.kind === 'timeout' ||
    api?.code === ERROR_CODES.providerTimeout ||
    error.name === 'TimeoutError'
  ) {
    return { kind: 'timeout', message: ERROR_MESSAGES.aiTimeout };
  }
  if (api && api.status >= 500) {
    return { kind: 'general', message: error.message || ERROR_MESSAGES.internalServerError };
  }
  return { kind: 'general', message: error.message || fallback };
}
