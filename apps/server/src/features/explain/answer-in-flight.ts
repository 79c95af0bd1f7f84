import { REQUEST_TIMEOUT_MS } from '@grasp/contract';
import { AppError } from '../../lib/errors.ts';
import type { SharedRedis } from '../../lib/shared-redis.ts';
import { toProviderAppError } from './explain-errors.ts';
import { createInFlight, type InFlight } from './in-flight.ts';
import { createSharedInFlight } from './shared-in-flight.ts';
import type { Answer } from './stages/check.ts';

/**
 * Coalesces provider calls in this process, or across every instance when Redis is configured
 * (and reachable).
 */
export function createAnswerInFlight(options: {
  redis: SharedRedis | null;
  keyPrefix: string;
  timeoutMs?: number | undefined;
}): InFlight<Answer> {
  if (!options.redis) return createInFlight<Answer>();
  return createSharedInFlight<Answer>({
    redis: options.redis,
    keyPrefix: options.keyPrefix,
    leaseMs: (options.timeoutMs ?? REQUEST_TIMEOUT_MS) + 5000,
    // Followers see the leader's failure as the same API error the leader's caller got.
    encodeError: (error) => {
      const { statusCode, code, message, messageRef } = toProviderAppError(error);
      return JSON.stringify({ statusCode, code, message, messageRef });
    },
    decodeError: (encoded) => {
      const { statusCode, code, message, messageRef } = JSON.parse(encoded) as AppError;
      return new AppError(statusCode, code, message, undefined, messageRef);
    },
  });
}
