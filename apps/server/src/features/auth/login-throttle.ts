import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';

/** Wrong PINs allowed before the first lock. */
export const FREE_ATTEMPTS = 5;
const FIRST_LOCK_SECONDS = 60;
const MAX_LOCK_SECONDS = 60 * 60;

/** The lock after the n-th unproven attempt: 60 s at the 5th, doubling, at most an hour. */
export function lockSeconds(attempts: number): number {
  if (attempts < FREE_ATTEMPTS) return 0;
  return Math.min(MAX_LOCK_SECONDS, FIRST_LOCK_SECONDS * 2 ** (attempts - FREE_ATTEMPTS));
}

export type Reservation = { allowed: true } | { allowed: false; waitSeconds: number };

/**
 * PIN throttling per account, kept in the database so every instance shares it. An attempt is
 * counted (and the next lock set) BEFORE the PIN is checked, with a compare-and-set on the
 * counter, so parallel guesses cannot slip past the limit; a correct PIN clears the record.
 */
export function createLoginThrottle(deps: { db: Kysely<DB>; clock: Clock }) {
  const { db, clock } = deps;

  async function tryReserve(key: string): Promise<Reservation | 'retry'> {
    const now = clock.now();
    const row = await db
      .selectFrom('login_throttles')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) {
      try {
        await db
          .insertInto('login_throttles')
          .values({ key, failures: 1, locked_until: null, updated_at: now.toISOString() })
          .execute();
        return { allowed: true };
      } catch (error) {
        if (isUniqueViolation(error)) return 'retry';
        throw error;
      }
    }
    if (row.locked_until && new Date(row.locked_until) > now) {
      return {
        allowed: false,
        waitSeconds: Math.ceil((new Date(row.locked_until).getTime() - now.getTime()) / 1000),
      };
    }
    const attempts = row.failures + 1;
    const lock = lockSeconds(attempts);
    const result = await db
      .updateTable('login_throttles')
      .set({
        failures: attempts,
        locked_until: lock ? new Date(now.getTime() + lock * 1000).toISOString() : null,
        updated_at: now.toISOString(),
      })
      .where('key', '=', key)
      .where('failures', '=', row.failures)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n ? { allowed: true } : 'retry';
  }

  return {
    async reserve(key: string): Promise<Reservation> {
      for (let attempt = 0; attempt < 20; attempt++) {
        const outcome = await tryReserve(key);
        if (outcome !== 'retry') return outcome;
      }
      // Heavy contention on one account is itself an attack: refuse rather than spin.
      return { allowed: false, waitSeconds: FIRST_LOCK_SECONDS };
    },
    async succeed(key: string): Promise<void> {
      await db.deleteFrom('login_throttles').where('key', '=', key).execute();
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
