import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Explanations given since the UTC day `fromDay`, by day and provider, with each day's distinct
 * learners and the distinct learners of the whole period (everyone whose last day is in it). The
 * database keeps these tables as explanations are stored (migration 0022), so each is a read of
 * a few rows a day, or one a learner, whatever the number of explanations.
 */
export async function activitySince(db: Db, fromDay: string) {
  const [byProvider, learnersByDay, learners] = await Promise.all([
    db
      .selectFrom('explanation_days')
      .select(['day', 'provider', 'explanations'])
      .where('day', '>=', fromDay)
      .execute(),
    db.selectFrom('active_days').select(['day', 'learners']).where('day', '>=', fromDay).execute(),
    db
      .selectFrom('learner_last_days')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('day', '>=', fromDay)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    byProvider: byProvider.map((r) => ({
      day: r.day,
      provider: r.provider,
      count: Number(r.explanations),
    })),
    learnersByDay: learnersByDay.map((r) => ({ day: r.day, count: Number(r.learners) })),
    learners: Number(learners.n),
  };
}

/**
 * Account deletion: the learner's days stay counted (the operator's history does not change), but
 * under an id of their own that names nobody, so they no longer tie to the account (DESIGN §14).
 */
export async function anonymiseActivityOf(db: Db, userId: string): Promise<void> {
  const nobody = `gone:${randomUUID()}`;
  await db
    .updateTable('learner_days')
    .set({ user_id: nobody })
    .where('user_id', '=', userId)
    .execute();
  await db
    .updateTable('learner_last_days')
    .set({ user_id: nobody })
    .where('user_id', '=', userId)
    .execute();
}
