import { AI_PROVIDERS_IN_WORDS, ERROR_CODES, ERROR_MESSAGES } from '@grasp/contract';
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
  new AppError(502, ERROR_CODES.providerError, ERROR_MESSAGES.quizUnavailable);

/** The offline dictionary cannot do it; the message names the providers that can. */
export function needsAiProvider(available: string[]): AppError {
  const which =
    available.length > 0
      ? `Choose ${available.join(' or ')} and ask again.`
      : `An AI provider (${AI_PROVIDERS_IN_WORDS}) can; none is configured on this server yet.`;
  return new AppError(
    422,
    ERROR_CODES.needsAiProvider,
    `The offline dictionary cannot answer this. ${which}`,
    undefined,
    available.length > 0
      ? { key: 'server.offlineCannotAnswerChoose', values: { providers: { or: available } } }
      : { key: 'server.offlineCannotAnswerNone', values: { providers: AI_PROVIDERS_IN_WORDS } },
  );
}
