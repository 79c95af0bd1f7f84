import { ERROR_CODES, ERROR_MESSAGES } from '@grasp/contract';
import { AppError } from '../../lib/errors.ts';

export const explanationNotFound = () =>
  new AppError(404, ERROR_CODES.notFound, ERROR_MESSAGES.explanationNotFound);
export const quizNotFound = () =>
  new AppError(404, ERROR_CODES.notFound, ERROR_MESSAGES.quizNotFound);
export const sectionNotFound = () =>
  new AppError(404, ERROR_CODES.notFound, ERROR_MESSAGES.sectionNotFound);
export const alreadyAnswered = () =>
  new AppError(409, ERROR_CODES.alreadyAnswered, ERROR_MESSAGES.alreadyAnswered);
export const quizUnavailable = () =>
  new AppError(
    502,
    ERROR_CODES.providerError,
    'A quiz could not be made for this explanation. Please try again.',
  );

/** The offline dictionary cannot do it; the message names the providers that can. */
export function needsAiProvider(available: string[]): AppError {
  const which =
    available.length > 0
      ? `Choose ${available.join(' or ')} and ask again.`
      : 'An AI provider (Google Gemini, OpenAI GPT, Anthropic Claude or a local Ollama model) can; none is configured on this server yet.';
  return new AppError(
    422,
    ERROR_CODES.needsAiProvider,
    `The offline dictionary cannot answer this. ${which}`,
  );
}
