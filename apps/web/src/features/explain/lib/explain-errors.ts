import { ERROR_CODES, ERROR_MESSAGES } from '@grasp/contract';
import { ApiError } from '../../../lib/api-client.ts';

/** What the result view needs to pick its error state (SPEC.md §8). */
export type ExplainErrorKind = 'unitsExhausted' | 'premium' | 'timeout' | 'general';

export interface ExplainError {
  kind: ExplainErrorKind;
  message: string;
}

/** Maps any failure of the explain call to the message and state SPEC.md §8 asks for. */
export function toExplainError(error: unknown): ExplainError {
  if (!(error instanceof Error)) return { kind: 'general', message: ERROR_MESSAGES.unexpected };
  const api = error instanceof ApiError ? error : null;
  if (error.message === ERROR_MESSAGES.noUnitsServer || api?.code === ERROR_CODES.unitsExhausted) {
    return { kind: 'unitsExhausted', message: ERROR_MESSAGES.unitsExhausted };
  }
  if (
    api?.kind === 'timeout' ||
    api?.code === ERROR_CODES.providerTimeout ||
    error.name === 'TimeoutError'
  ) {
    return { kind: 'timeout', message: ERROR_MESSAGES.aiTimeout };
  }
  if (api?.code === ERROR_CODES.premiumTemplate) {
    return { kind: 'premium', message: error.message || ERROR_MESSAGES.explanationFailed };
  }
  if (api?.status === 500) {
    return { kind: 'general', message: error.message || ERROR_MESSAGES.internalServerError };
  }
  return { kind: 'general', message: error.message || ERROR_MESSAGES.explanationFailed };
}
