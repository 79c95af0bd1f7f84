import { type ProviderId, type ReExplanation, reExplainResponseSchema } from '@grasp/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { LEARNING_FAILURES } from '../lib/learning-errors.ts';
import { parseResponse } from './parse-response.ts';

export const RE_EXPLAIN_PATH = '/api/ai/re-explain';

/** One section of an explanation told another way (analogy, example, steps). One unit. */
export async function reExplainSection(request: {
  explanationId: string;
  section: string;
  provider?: ProviderId;
}): Promise<ReExplanation> {
  const body = await apiRequest<unknown>(RE_EXPLAIN_PATH, { body: request });
  return parseResponse(reExplainResponseSchema, body, LEARNING_FAILURES.reExplain);
}
