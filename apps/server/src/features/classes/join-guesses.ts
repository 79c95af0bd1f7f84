import { CLASS_MESSAGES, ERROR_CODES } from '@grasp/contract';
import { addressKey } from '../../lib/client-address.ts';
import { AppError } from '../../lib/errors.ts';
import type { ServerMessageKey } from '../../lib/i18n.ts';
import type { SlidingWindows } from '../../lib/sliding-window.ts';
import type { JoinGuesses } from './classes.service.ts';

/**
 * Wrong join codes one address may send in 15 minutes: the allowance of wrong PINs
 * (auth/address-limits.ts), for the same reason: a class of 40 mistyping behind one address is
 * never stopped, a script guessing codes is (100 guesses in 8.5e11 codes).
 */
export const WRONG_JOIN_CODES_PER_15_MINUTES = 100;
/** And one account, from however many addresses: a person mistypes a few times, not 20. */
export const WRONG_JOIN_CODES_PER_ACCOUNT_PER_15_MINUTES = 20;

const WINDOW_MS = 15 * 60_000;

function paused(
  message: (seconds: number) => string,
  key: ServerMessageKey,
  retryAfterMs: number,
): AppError {
  const seconds = Math.ceil(retryAfterMs / 1000);
  return new AppError(429, ERROR_CODES.rateLimited, message(seconds), undefined, {
    key,
    values: { seconds },
  });
}

/**
 * Counts join attempts per account and per address (an IPv6 one by its /64), shared through
 * Redis when set; an attempt needs a place in both.
 */
export function createJoinGuesses(deps: { windows: SlidingWindows; scale: number }): JoinGuesses {
  const byAddress = deps.windows('join-code-failures', WINDOW_MS);
  const byAccount = deps.windows('join-code-failures-account', WINDOW_MS);
  const addressLimit = Math.ceil(WRONG_JOIN_CODES_PER_15_MINUTES * deps.scale);
  const accountLimit = Math.ceil(WRONG_JOIN_CODES_PER_ACCOUNT_PER_15_MINUTES * deps.scale);
  return {
    async take(userId, address) {
      const account = await byAccount.take(userId, accountLimit);
      if (!account.taken) {
        throw paused(
          CLASS_MESSAGES.joinsPausedForAccount,
          'classes.joinsPausedForAccount',
          account.retryAfterMs,
        );
      }
      const giveAccountBack = () => byAccount.giveBack(userId, account.id).catch(() => undefined);
      const key = addressKey(address);
      const fromAddress = await byAddress.take(key, addressLimit);
      if (!fromAddress.taken) {
        await giveAccountBack();
        throw paused(CLASS_MESSAGES.joinsPaused, 'classes.joinsPaused', fromAddress.retryAfterMs);
      }
      return async () => {
        await Promise.all([
          giveAccountBack(),
          byAddress.giveBack(key, fromAddress.id).catch(() => undefined),
        ]);
      };
    },
  };
}
