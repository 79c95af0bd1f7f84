import { type ExplanationRecord, explanationRecordSchema } from '@grasp/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { LEARNING_FAILURES } from '../lib/learning-errors.ts';
import { parseResponse } from './parse-response.ts';

export const explanationRecordPath = (explanationId: string) =>
  `/api/ai/explanations/${encodeURIComponent(explanationId)}`;

/** The caller's record of one explanation: its follow-ups, re-explanations and quiz state. */
export async function getExplanationRecord(
  explanationId: string,
  signal?: AbortSignal,
): Promise<ExplanationRecord> {
  const body = await apiRequest<unknown>(explanationRecordPath(explanationId), { signal });
  return parseResponse(explanationRecordSchema, body, LEARNING_FAILURES.record);
}
