import { ERROR_CODES, ERROR_MESSAGES } from '@grasp/contract';
import { describe, expect, it } from 'vitest';
import { languageNeedsAiProvider, toProviderAppError } from './explain-errors.ts';
import {
  ProviderFailureError,
  ProviderTimeoutError,
  UnknownConceptError,
} from './providers/provider.ts';

const mapped = (error: unknown) => {
  const { statusCode, code, message } = toProviderAppError(error);
  return { statusCode, code, message };
};

describe('provider failures as API errors', () => {
  it('maps a timeout to 504 with the timeout message', () => {
    expect(mapped(new ProviderTimeoutError('slow'))).toEqual({
      statusCode: 504,
      code: ERROR_CODES.providerTimeout,
      message: ERROR_MESSAGES.aiTimeout,
    });
  });

  it('maps a vendor 500 or garbage to 502 and a vendor 429 to 503', () => {
    expect(mapped(new ProviderFailureError('boom', 500)).statusCode).toBe(502);
    expect(mapped(new Error('garbage')).message).toBe(ERROR_MESSAGES.explanationFailed);
    expect(mapped(new ProviderFailureError('busy', 429)).statusCode).toBe(503);
  });

  it('maps an unknown concept to 404', () => {
    expect(mapped(new UnknownConceptError('no such word')).code).toBe(ERROR_CODES.unknownConcept);
  });

  it('maps our own outage (Redis or the database away) to 503, not to a provider error', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(mapped(refused)).toEqual({
      statusCode: 503,
      code: ERROR_CODES.serviceUnavailable,
      message: ERROR_MESSAGES.serviceUnavailable,
    });
  });
});

describe('a language the offline dictionary cannot write', () => {
  it('is 422 NEEDS_AI_PROVIDER naming the providers that can, or saying none is configured', () => {
    const able = languageNeedsAiProvider('ta', ['Google Gemini', 'OpenAI GPT']);
    expect(able).toMatchObject({ statusCode: 422, code: ERROR_CODES.needsAiProvider });
    expect(able.message).toBe(
      'The offline dictionary explains in English only. To explain in தமிழ் (Tamil), choose Google Gemini or OpenAI GPT and ask again.',
    );
    expect(languageNeedsAiProvider('hi', []).message).toContain('none is configured');
  });
});
