import { AUTH_MESSAGES, ERROR_CODES } from '@grasp/contract';
import { addressKey } from '../../lib/client-address.ts';
import { AppError } from '../../lib/errors.ts';
import { type ServerMessageKey, waitValues } from '../../lib/i18n.ts';
import type { SlidingWindows } from '../../lib/sliding-window.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Registrations one address may complete in an hour: a school's lab signing up class after class
 * (a class of 40 in ten minutes is well inside it). Only successes count: a refusal gives its
 * place back.
 */
export const REGISTRATIONS_PER_HOUR = 100;
/**
 * The captcha's proof of work doubles with every this many registrations from the address in the
 * hour: 1× for the first few, 4× at the 40th, about 30× just under the ceiling. A browser hardly
 * notices (bench/captcha-work.ts); a script pays it again for every account it makes.
 */
export const COST_DOUBLES_EVERY = 20;
/**
 * Wrong PINs one address may send in 15 minutes, over any accounts: about 2.5 for each of a class
 * of 40; correct ones cost nothing. That is 9,600 guesses a day spread over accounts, under a
 * quarter of the old 30 attempts a minute. Each account keeps its own back-off (login-throttle).
 */
export const SIGN_IN_FAILURES_PER_15_MINUTES = 100;
/** Verification mails to one address in an hour, whoever asks: no inbox can be flooded. */
export const RESENDS_PER_EMAIL_PER_HOUR = 5;

/** Each pause's catalog key, so the edge can say the wait in the caller's language. */
const PAUSED_KEYS = new Map<(seconds: number) => string, ServerMessageKey>([
  [AUTH_MESSAGES.registrationsPaused, 'auth.registrationsPaused'],
  [AUTH_MESSAGES.signInsPaused, 'auth.signInsPaused'],
  [AUTH_MESSAGES.resendsPaused, 'auth.resendsPaused'],
]);

function paused(message: (seconds: number) => string, retryAfterMs: number): AppError {
  const seconds = Math.ceil(retryAfterMs / 1000);
  const key = PAUSED_KEYS.get(message);
  return new AppError(
    429,
    ERROR_CODES.rateLimited,
    message(seconds),
    undefined,
    key ? { key, values: waitValues(seconds) } : undefined,
  );
}

/** Gives a taken place back: the work it was taken for was refused. */
export type GiveBack = () => Promise<void>;

/**
 * The per-address allowances of registration and sign-in; addresses are the client's IP (an
 * IPv6 one counts for its /64). Counters are shared by every instance
 * when Redis is configured; `scale` is RATE_LIMIT_SCALE (benchmarks raise every limit).
 */
export function createAddressLimits(deps: { windows: SlidingWindows; scale: number }) {
  const { scale } = deps;
  const registrations = deps.windows('registrations', HOUR);
  const signInFailures = deps.windows('sign-in-failures', 15 * MINUTE);
  const resends = deps.windows('resends', HOUR);
  const registrationLimit = Math.ceil(REGISTRATIONS_PER_HOUR * scale);

  async function take(
    window: typeof registrations,
    key: string,
    limit: number,
    message: (seconds: number) => string,
  ): Promise<GiveBack> {
    const result = await window.take(key, limit);
    if (!result.taken) throw paused(message, result.retryAfterMs);
    // A place that cannot be given back (the store just went away) lapses with its window.
    return () => window.giveBack(key, result.id).catch(() => undefined);
  }

  return {
    /**
     * The proof-of-work cost of the next captcha for an address, from its registrations this
     * hour; at the ceiling there is nothing to solve for, so the wait is answered at once.
     */
    async captchaCost(address: string): Promise<number> {
      const key = addressKey(address);
      const { count, retryAfterMs } = await registrations.peek(key, registrationLimit);
      if (retryAfterMs > 0) throw paused(AUTH_MESSAGES.registrationsPaused, retryAfterMs);
      return captchaCost(count, scale);
    },

    /** One place in the address's hourly registrations, or 429 with the wait. */
    takeRegistration: (address: string) =>
      take(
        registrations,
        addressKey(address),
        registrationLimit,
        AUTH_MESSAGES.registrationsPaused,
      ),

    /** Counted before the PIN is checked (parallel guesses cannot overrun it); a success gives it back. */
    takeSignInFailure: (address: string) =>
      take(
        signInFailures,
        addressKey(address),
        Math.ceil(SIGN_IN_FAILURES_PER_15_MINUTES * scale),
        AUTH_MESSAGES.signInsPaused,
      ),

    /** One verification mail to an address (normalised), or 429 with the wait. */
    takeResend: (emailKey: string) =>
      take(
        resends,
        emailKey,
        Math.ceil(RESENDS_PER_EMAIL_PER_HOUR * scale),
        AUTH_MESSAGES.resendsPaused,
      ),
  };
}
export type AddressLimits = ReturnType<typeof createAddressLimits>;

/** altcha-lib's `cost` (hash rounds per attempt) after `registrations` from one address. */
export function captchaCost(registrations: number, scale = 1): number {
  return Math.max(1, Math.round(2 ** (registrations / (COST_DOUBLES_EVERY * scale))));
}
