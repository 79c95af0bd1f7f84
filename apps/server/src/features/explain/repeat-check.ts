import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import * as repo from './explain.repository.ts';

/**
 * Whether an ask repeats one of this cycle, remembering the asks found to be repeats. A user's
 * messages are never deleted, so once the database says "asked since S" it says so for good, on
 * every instance; only such answers are kept, keyed by the cycle start, so a new cycle (a payment,
 * a month rolling over) asks the database again. Saves one query per repeated explanation.
 */
export function createRepeatCheck(db: Kysely<DB>, max = 10_000) {
  const known = new Set<string>();
  return async (ask: repo.Ask): Promise<boolean> => {
    const key = repo.askParts(ask).join('|');
    if (known.has(key)) return true;
    if (!(await repo.hasAskedSince(db, ask))) return false;
    if (known.size >= max) known.clear();
    known.add(key);
    return true;
  };
}
