import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';

/** Wrong PINs allowed before the first lock. */
export const FREE_ATTEMPTS = 5;
const FIRST_LOCK_SECONDS = 60;
const MAX_LOCK_SECONDS = 60 * 60;
/** Failures older than this stop counting: nobody is locked for ever. */
export const FAILURE_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The lock after `failures` wrong PINs in the window: 60 s at the 5th, doubling, at most an
 * hour. With RATE_LIMIT_SCALE (`scale`) the free attempts grow: benchmarks only.
 */
export function lockSeconds(failures: number, scale = 1): number {
  const free = Math.ceil(FREE_ATTEMPTS * scale);
  if (failures < free) return 0;
  return Math.min(MAX_LOCK_SECONDS, FIRST_LOCK_SECONDS * 2 ** (failures - free));
}

export type Reservation = { allowed: true; id: string } | { allowed: false; waitSeconds: number };

/**
 * PIN throttling per key (an account's shared budget, one trusted device, or an unknown name),
 * kept in the database so every instance shares it. Each attempt is written BEFORE the PIN is
 * checked and then judged by its place among the key's failures of the last day, so parallel
 * guesses cannot slip past the limit; a correct PIN clears the key. Failures age out of the
 * window: the lock after a burst of guesses always ends.
 */
export function createLoginThrottle(deps: { db: Kysely<DB>; clock: Clock; scale?: number }) {
  const { db, clock } = deps;
  const scale = deps.scale ?? 1;
  const onPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  return {
    async reserve(key: string): Promise<Reservation> {
      const now = clock.now();
      const since = new Date(now.getTime() - FAILURE_WINDOW_MS).toISOString();
      const judged = await db.transaction().execute(async (tx) => {
        // PostgreSQL hands out ids before their rows commit: unlocked, a guess could count the
        // key's earlier ones while one of them is still invisible, and slip past the limit.
        if (onPostgres)
          await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(tx);
        const mine = await tx
          .insertInto('login_failures')
          .values({ key, at: now.toISOString() })
          .returning('id')
          .executeTakeFirstOrThrow();
        const earlier = await tx
          .selectFrom('login_failures')
          .select(['at'])
          .where('key', '=', key)
          .where('at', '>', since)
          .where('id', '<', mine.id)
          .orderBy('id', 'desc')
          .execute();
        const last = earlier[0];
        const until = last ? Date.parse(last.at) + lockSeconds(earlier.length, scale) * 1000 : 0;
        if (until <= now.getTime()) return { id: String(mine.id), until };
        await tx.deleteFrom('login_failures').where('id', '=', mine.id).execute();
        return { id: null, until };
      });
      if (judged.id === null) {
        return { allowed: false, waitSeconds: Math.ceil((judged.until - now.getTime()) / 1000) };
      }
      const { id } = judged;
      // What left the window is of no use any more.
      await db
        .deleteFrom('login_failures')
        .where('key', '=', key)
        .where('at', '<=', since)
        .execute();
      return { allowed: true, id };
    },

    /** The PIN was right: the key's failures are forgotten. */
    async succeed(key: string): Promise<void> {
      await db.deleteFrom('login_failures').where('key', '=', key).execute();
    },

    /** Forgets every key starting with one of `prefixes` (a reset clears the account's locks). */
    async clear(keys: string[], prefixes: string[] = []): Promise<void> {
      await db
        .deleteFrom('login_failures')
        .where((eb) =>
          eb.or([
            ...(keys.length > 0 ? [eb('key', 'in', keys)] : []),
            ...prefixes.map((prefix) => eb('key', 'like', `${prefix}%`)),
          ]),
        )
        .execute();
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
