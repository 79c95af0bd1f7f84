import {
  ERROR_MESSAGES,
  type QuizAnswerResult,
  quizAnswerResponseSchema,
  quizResponseSchema,
} from '@grasp/contract';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

/**
 * The quiz calls a recap makes (DESIGN.md §8's quiz endpoints): a question not answered yet is
 * answered in the user's quiz on that explanation, opened first if they never opened it.
 */
export async function openQuiz(explanationId: string): Promise<string> {
  const body = await apiRequest<unknown>('/api/ai/quiz', { body: { explanationId } });
  const quiz = quizResponseSchema.safeParse(body);
  if (!quiz.success) throw new ApiError('http', 0, 'BAD_RESPONSE', ERROR_MESSAGES.unexpected);
  return quiz.data.quizId;
}

export async function answerQuizQuestion(
  quizId: string,
  questionId: string,
  choice: number,
): Promise<QuizAnswerResult> {
  const body = await apiRequest<unknown>(`/api/ai/quiz/${encodeURIComponent(quizId)}/answers`, {
    body: { questionId, choice },
  });
  const result = quizAnswerResponseSchema.safeParse(body);
  if (!result.success) throw new ApiError('http', 0, 'BAD_RESPONSE', ERROR_MESSAGES.unexpected);
  return result.data;
}
