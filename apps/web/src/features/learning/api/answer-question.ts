import { type QuizAnswerResult, quizAnswerResponseSchema } from '@grasp/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { LEARNING_FAILURES } from '../lib/learning-errors.ts';
import { parseResponse } from './parse-response.ts';

export const quizAnswersPath = (quizId: string) =>
  `/api/ai/quiz/${encodeURIComponent(quizId)}/answers`;

/** Sends one answer; the server grades it. A question takes one answer (409 after that). */
export async function answerQuestion(
  quizId: string,
  answer: { questionId: string; choice: number },
): Promise<QuizAnswerResult> {
  const body = await apiRequest<unknown>(quizAnswersPath(quizId), { body: answer });
  return parseResponse(quizAnswerResponseSchema, body, LEARNING_FAILURES.answer);
}
