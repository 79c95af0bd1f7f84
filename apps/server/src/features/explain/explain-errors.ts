import {
  AI_PROVIDERS_IN_WORDS,
  ERROR_CODES,
  ERROR_MESSAGES,
  LANGUAGE_ENGLISH_NAMES,
  LANGUAGE_NAMES,
  type LanguageId,
} from '@grasp/contract';
import { AppError } from '../../lib/errors.ts';
import { isServiceOutage } from '../../lib/outage.ts';
import {
  ProviderFailureError,
  ProviderTimeoutError,
  UnknownConceptError,
} from './providers/provider.ts';

/** Maps what a provider threw to the API's error body (SPEC.md §8 messages). */
export function toProviderAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isServiceOutage(error)) {
    return new AppError(503, ERROR_CODES.serviceUnavailable, ERROR_MESSAGES.serviceUnavailable);
  }
  if (error instanceof UnknownConceptError)
    return new AppError(
      404,
      ERROR_CODES.unknownConcept,
      error.message,
      undefined,
      error.messageRef,
    );
  const timedOut = error instanceof Error && error.name === 'TimeoutError';
  if (error instanceof ProviderTimeoutError || timedOut)
    return new AppError(504, ERROR_CODES.providerTimeout, ERROR_MESSAGES.aiTimeout);
  if (error instanceof ProviderFailureError && error.status === 429) {
    return new AppError(
      503,
      ERROR_CODES.providerError,
      'The AI provider is busy right now. Please try again in a moment.',
    );
  }
  return new AppError(502, ERROR_CODES.providerError, ERROR_MESSAGES.explanationFailed);
}

export const premiumTemplateError = () =>
  new AppError(
    403,
    ERROR_CODES.premiumTemplate,
    'This explanation style needs a Pro plan. Upgrade to use it.',
  );

export const providerUnavailableError = (label: string) =>
  new AppError(
    400,
    'PROVIDER_UNAVAILABLE',
    `${label} is not configured on this server. Choose another provider.`,
    undefined,
    { key: 'server.providerUnavailable', values: { provider: label } },
  );

/**
 * The offline dictionary writes English only (DESIGN.md §9): 422 NEEDS_AI_PROVIDER, naming the
 * configured providers that can write the language.
 */
export function languageNeedsAiProvider(language: LanguageId, able: string[]): AppError {
  const name = `${LANGUAGE_NAMES[language]} (${LANGUAGE_ENGLISH_NAMES[language]})`;
  const which =
    able.length > 0
      ? `To explain in ${name}, choose ${able.join(' or ')} and ask again.`
      : `Explanations in ${name} need an AI provider (${AI_PROVIDERS_IN_WORDS}); none is configured on this server yet.`;
  return new AppError(
    422,
    ERROR_CODES.needsAiProvider,
    `The offline dictionary explains in English only. ${which}`,
    undefined,
    able.length > 0
      ? {
          key: 'server.offlineEnglishOnlyChoose',
          values: { language: name, providers: { or: able } },
        }
      : {
          key: 'server.offlineEnglishOnlyNone',
          values: { language: name, providers: AI_PROVIDERS_IN_WORDS },
        },
  );
}

/** Refuses, before any unit is taken, a provider that does not write the language. */
export function checkWritesLanguage(
  provider: { languages?: readonly LanguageId[] | undefined },
  language: LanguageId,
  providers: { list(): { label: string; available: boolean; languages: LanguageId[] }[] },
): void {
  if (!provider.languages || provider.languages.includes(language)) return;
  const able = providers.list().filter((p) => p.available && p.languages.includes(language));
  throw languageNeedsAiProvider(
    language,
    able.map((p) => p.label),
  );
}
