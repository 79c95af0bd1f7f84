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

/**
 * NIST SP 800-63B's ceiling: no key, and no account's trusted devices and sessions together,
 * get more wrong PINs than this in the window, whatever RATE_LIMIT_SCALE says.
 */
export const WRONG_PINS_PER_ACCOUNT = 100;

export type Reservation =
  | { allowed: true; id: string; totalId: string | null }
  | { allowed: false; waitSeconds: number };

/**
 * When `limit` failures no longer fill the window: `newestFirst` are the failures in it. The
 * limit-th newest has to age out before another is let in.
 */
function fullUntil(newestFirst: { at: string }[], limit: number): number {
  const edge = newestFirst[limit - 1];
  return edge ? Date.parse(edge.at) + FAILURE_WINDOW_MS : 0;
}

/**
 * PIN throttling per key (an account's shared budget, one trusted device, one signed-in
 * session, or an unknown name), kept in the database so every instance shares it. Each attempt
 * is written BEFORE the PIN is checked and then judged by its place among the key's failures of
 * the last day, so parallel guesses cannot slip past the limit; a correct PIN clears the key.
 * A key may also count toward a `total` (an account's devices and sessions together), which
 * never passes WRONG_PINS_PER_ACCOUNT: many keys do not multiply the guesses. Failures age out
 * of the window: the lock after a burst of guesses always ends.
 */
export function createLoginThrottle(deps: { db: Kysely<DB>; clock: Clock; scale?: number }) {
  const { db, clock } = deps;
  const scale = deps.scale ?? 1;
  const onPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  return {
    async reserve(key: string, options: { total?: string } = {}): Promise<Reservation> {
      const { total } = options;
      const now = clock.now();
      const since = new Date(now.getTime() - FAILURE_WINDOW_MS).toISOString();
      const judged = await db.transaction().execute(async (tx) => {
        // PostgreSQL hands out ids before their rows commit: unlocked, a guess could count the
        // key's earlier ones while one of them is still invisible, and slip past the limit. A
        // key with a total locks the total: its other keys' guesses are counted there.
        if (onPostgres)
          await sql`select pg_advisory_xact_lock(hashtextextended(${total ?? key}, 0))`.execute(tx);
        const failures = async (of: string) => {
          const mine = await tx
            .insertInto('login_failures')
            .values({ key: of, at: now.toISOString() })
            .returning('id')
            .executeTakeFirstOrThrow();
          const earlier = await tx
            .selectFrom('login_failures')
            .select(['at'])
            .where('key', '=', of)
            .where('at', '>', since)
            .where('id', '<', mine.id)
            .orderBy('id', 'desc')
            .execute();
          return { id: mine.id, earlier };
        };
        const own = await failures(key);
        const last = own.earlier[0];
        let until = Math.max(
          last ? Date.parse(last.at) + lockSeconds(own.earlier.length, scale) * 1000 : 0,
          fullUntil(own.earlier, WRONG_PINS_PER_ACCOUNT),
        );
        const shared = total === undefined ? null : await failures(total);
        if (shared) until = Math.max(until, fullUntil(shared.earlier, WRONG_PINS_PER_ACCOUNT));
        if (until <= now.getTime()) {
          return { id: String(own.id), totalId: shared ? String(shared.id) : null, until };
        }
        const ids = shared ? [own.id, shared.id] : [own.id];
        await tx.deleteFrom('login_failures').where('id', 'in', ids).execute();
        return { id: null, totalId: null, until };
      });
      if (judged.id === null) {
        return { allowed: false, waitSeconds: Math.ceil((judged.until - now.getTime()) / 1000) };
      }
      // What left the window is of no use any more.
      await db
        .deleteFrom('login_failures')
        .where('key', 'in', total === undefined ? [key] : [key, total])
        .where('at', '<=', since)
        .execute();
      return { allowed: true, id: judged.id, totalId: judged.totalId };
    },

    /**
     * The PIN was right: the key's failures are forgotten, and this attempt leaves the total;
     * the total's other failures stay until they age out.
     */
    async succeed(key: string, reservation?: Reservation): Promise<void> {
      await db.deleteFrom('login_failures').where('key', '=', key).execute();
      if (reservation?.allowed && reservation.totalId !== null) {
        await db
          .deleteFrom('login_failures')
          .where('id', '=', Number(reservation.totalId))
          .execute();
      }
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
