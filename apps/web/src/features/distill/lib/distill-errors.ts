import { ERROR_CODES, ERROR_MESSAGES } from '@grasp/contract';
import { ApiError } from '../../../lib/api-client.ts';
import { NoConceptsError } from '../api/distill-concepts.ts';

/** What the page shows for a failed distillation (SPEC.md §5 and §8). */
export type DistillErrorKind = 'validation' | 'unitsExhausted' | 'empty' | 'general';

export interface DistillError {
  kind: DistillErrorKind;
  message: string;
  /** The server's own hint, shown under the message (e.g. what the offline dictionary lacks). */
  detail?: string;
}

export function toDistillError(error: unknown): DistillError {
  if (error instanceof NoConceptsError) return { kind: 'empty', message: error.message };
  if (!(error instanceof ApiError))
    return { kind: 'general', message: ERROR_MESSAGES.distillFailed };
  if (error.code === ERROR_CODES.unitsExhausted || error.message === ERROR_MESSAGES.noUnitsServer) {
    return { kind: 'unitsExhausted', message: ERROR_MESSAGES.unitsExhausted };
  }
  if (error.code === ERROR_CODES.unknownConcept) {
    return { kind: 'empty', message: ERROR_MESSAGES.distillEmpty, detail: error.message };
  }
  if (error.kind === 'timeout' || error.code === ERROR_CODES.providerTimeout) {
    return { kind: 'general', message: ERROR_MESSAGES.aiTimeout };
  }
  // Bad input, an unavailable provider or a rate limit: the server's words say what to change.
  if (error.status === 400 || error.status === 429) {
    return { kind: 'validation', message: error.message || ERROR_MESSAGES.distillFailed };
  }
  return { kind: 'general', message: ERROR_MESSAGES.distillFailed };
}
