import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import * as repo from './explain.repository.ts';

export interface Ask {
  userId: string;
  queryKey: string;
  template: string;
  difficulty: string;
  language: string;
  /** Start of the user's current cycle, as the usage service has it now. */
  since: string;
}

/**
 * Whether an ask repeats one of this cycle, remembering the asks found to be repeats. A user's
 * messages are never deleted, so once the database says "asked since S" it says so for good, on
 * every instance; only such answers are kept, keyed by the cycle start, so a new cycle (a payment,
 * a month rolling over) asks the database again. Saves one query per repeated explanation.
 */
export function createRepeatCheck(db: Kysely<DB>, max = 10_000) {
  const known = new Set<string>();
  return async (ask: Ask): Promise<boolean> => {
    const key = [
      ask.userId,
      ask.queryKey,
      ask.template,
      ask.difficulty,
      ask.language,
      ask.since,
    ].join('|');
    if (known.has(key)) return true;
    if (!(await repo.hasAskedSince(db, ask))) return false;
    if (known.size >= max) known.clear();
    known.add(key);
    return true;
  };
}
