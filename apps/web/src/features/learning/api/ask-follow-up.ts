import { type FollowUp, type FollowUpRequest, followUpResponseSchema } from '@grasp/contract';
import { apiStream } from '../../../lib/api-stream.ts';
import { LEARNING_FAILURES } from '../lib/learning-errors.ts';

export const FOLLOW_UP_PATH = '/api/ai/follow-up';

/** Asks a question about an explanation; the answer streams in through `onDelta`. One unit. */
export function askFollowUp(
  request: FollowUpRequest,
  options: { onDelta?: (text: string) => void; signal?: AbortSignal } = {},
): Promise<FollowUp> {
  return apiStream(FOLLOW_UP_PATH, {
    ...options,
    body: request,
    schema: followUpResponseSchema,
    failureMessage: LEARNING_FAILURES.followUp,
  });
}
