import { ERROR_MESSAGES } from '@grasp/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { toExplainError } from './explain-errors.ts';

describe('toExplainError (SPEC.md §8)', () => {
  it('turns "No subscription units available" into the units-exhausted state', () => {
    const fromCode = new ApiError(
      'http',
      402,
      'UNITS_EXHAUSTED',
      'No subscription units available',
    );
    const fromText = new Error('No subscription units available');
    for (const error of [fromCode, fromText]) {
      expect(toExplainError(error)).toEqual({
        kind: 'unitsExhausted',
        message:
          'Your subscription units have been exhausted. Please upgrade your plan to continue.',
      });
    }
  });

  it('reads a client or provider timeout as the timeout message', () => {
    const expected = { kind: 'timeout', message: ERROR_MESSAGES.aiTimeout };
    expect(toExplainError(new ApiError('timeout', 0, 'TIMEOUT', 'x'))).toEqual(expected);
    expect(toExplainError(new ApiError('http', 504, 'PROVIDER_TIMEOUT', 'slow'))).toEqual(expected);
    expect(ERROR_MESSAGES.aiTimeout).toBe(
      'The request took too long to respond. Please try again.',
    );
  });

  it('shows the server text of a 500, or Internal Server Error', () => {
    expect(toExplainError(new ApiError('http', 500, 'INTERNAL_ERROR', 'Boom'))).toEqual({
      kind: 'general',
      message: 'Boom',
    });
    expect(toExplainError(new ApiError('http', 500, 'HTTP_ERROR', ''))).toEqual({
      kind: 'general',
      message: 'Internal Server Error',
    });
  });

  it('marks a premium refusal so the view can offer an upgrade', () => {
    expect(toExplainError(new ApiError('http', 403, 'PREMIUM_TEMPLATE', 'Pro only'))).toEqual({
      kind: 'premium',
      message: 'Pro only',
    });
  });

  it('shows other messages as they are, else the generic ones', () => {
    const unknown = new ApiError('http', 404, 'UNKNOWN_CONCEPT', 'Configure an AI provider');
    expect(toExplainError(unknown).message).toBe('Configure an AI provider');
    expect(toExplainError(new Error('')).message).toBe(
      'Failed to generate explanation. Please try again.',
    );
    expect(toExplainError('weird')).toEqual({
      kind: 'general',
      message: 'An unexpected error occurred. Please try again.',
    });
  });
});
