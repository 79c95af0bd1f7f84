import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { toLearningError } from './learning-errors.ts';

const fallback = 'It failed.';

describe('toLearningError', () => {
  it('reads units exhausted by code, status or the server message', () => {
    const expected = {
      kind: 'unitsExhausted',
      message: 'Your subscription units have been exhausted. Please upgrade your plan to continue.',
    };
    expect(toLearningError(new ApiError('http', 402, 'UNITS_EXHAUSTED', 'x'), fallback)).toEqual(
      expected,
    );
    expect(toLearningError(new ApiError('http', 402, 'HTTP_ERROR', 'x'), fallback)).toEqual(
      expected,
    );
    expect(toLearningError(new Error('No subscription units available'), fallback)).toEqual(
      expected,
    );
  });

  it("keeps the server's words for the offline refusal, a conflict and a missing record", () => {
    expect(
      toLearningError(new ApiError('http', 422, 'NEEDS_AI_PROVIDER', 'Gemini can'), fallback),
    ).toEqual({ kind: 'needsProvider', message: 'Gemini can' });
    expect(
      toLearningError(new ApiError('http', 409, 'ALREADY_ANSWERED', 'Once only'), fallback),
    ).toEqual({ kind: 'alreadyAnswered', message: 'Once only' });
    expect(toLearningError(new ApiError('http', 404, 'NOT_FOUND', 'Not here'), fallback)).toEqual({
      kind: 'notFound',
      message: 'Not here',
    });
  });

  it('maps timeouts, server errors and the rest', () => {
    expect(toLearningError(new ApiError('timeout', 0, 'TIMEOUT', 'slow'), fallback)).toEqual({
      kind: 'timeout',
      message: 'The request took too long to respond. Please try again.',
    });
    expect(toLearningError(new ApiError('http', 503, 'HTTP_ERROR', ''), fallback)).toEqual({
      kind: 'general',
      message: 'Internal Server Error',
    });
    expect(
      toLearningError(new ApiError('http', 429, 'RATE_LIMITED', 'Slow down'), fallback),
    ).toEqual({ kind: 'general', message: 'Slow down' });
    expect(toLearningError('boom', fallback)).toEqual({ kind: 'general', message: fallback });
  });
});
