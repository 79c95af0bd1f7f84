import {
  ERROR_MESSAGES,
  type ExplainRequest,
  type ExplainResponse,
  explainResponseSchema,
} from '@grasp/contract';
import { apiStream, type StreamOptions } from '../../../lib/api-stream.ts';

export const EXPLAIN_PATH = '/api/ai/aiResponseGoogle';

export type ExplainCallOptions = Pick<
  StreamOptions<ExplainResponse>,
  'onDelta' | 'onRetry' | 'signal' | 'timeoutMs'
>;

/** Asks the server for an explanation, streaming it when the server answers with SSE. */
export function requestExplanation(
  request: ExplainRequest,
  options: ExplainCallOptions = {},
): Promise<ExplainResponse> {
  return apiStream(EXPLAIN_PATH, {
    ...options,
    body: request,
    schema: explainResponseSchema,
    failureMessage: ERROR_MESSAGES.explanationFailed,
  });
}
