import { CLASS_MESSAGES, ERROR_CODES } from '@grasp/contract';
import { addressKey } from '../../lib/client-address.ts';
import { AppError } from '../../lib/errors.ts';
import type { SlidingWindows } from '../../lib/sliding-window.ts';
import type { JoinGuesses } from './classes.service.ts';

/**
 * Wrong join codes one address may send in 15 minutes: the allowance of wrong PINs
 * (auth/address-limits.ts), for the same reason: a class of 40 mistyping behind one address is
 * never stopped, a script guessing codes is (100 guesses in 8.5e11 codes).
 */
export const WRONG_JOIN_CODES_PER_15_MINUTES = 100;

/** Counts join attempts per address (an IPv6 one by its /64), shared through Redis when set. */
export function createJoinGuesses(deps: { windows: SlidingWindows; scale: number }): JoinGuesses {
  const window = deps.windows('join-code-failures', 15 * 60_000);
  const limit = Math.ceil(WRONG_JOIN_CODES_PER_15_MINUTES * deps.scale);
  return {
    async take(address) {
      const key = addressKey(address);
      const result = await window.take(key, limit);
      if (!result.taken) {
        const seconds = Math.ceil(result.retryAfterMs / 1000);
        throw new AppError(429, ERROR_CODES.rateLimited, CLASS_MESSAGES.joinsPaused(seconds));
      }
      return () => window.giveBack(key, result.id).catch(() => undefined);
    },
  };
}
