import { type ProviderId, type Quiz, quizResponseSchema } from '@grasp/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { LEARNING_FAILURES } from '../lib/learning-errors.ts';
import { parseResponse } from './parse-response.ts';

export const QUIZ_PATH = '/api/ai/quiz';

/**
 * The quiz on an explanation. The server makes it once and answers the same quiz again, with
 * the questions already answered carrying their verdict, so this also restores a quiz on reload.
 */
export async function startQuiz(explanationId: string, provider?: ProviderId): Promise<Quiz> {
  const body = await apiRequest<unknown>(QUIZ_PATH, {
    body: provider ? { explanationId, provider } : { explanationId },
  });
  return parseResponse(quizResponseSchema, body, LEARNING_FAILURES.quiz);
}
