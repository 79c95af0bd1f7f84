import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.ts';

const day = sql<string>`substr(created_at, 1, 10)`;

/**
 * Explanations given since `fromIso`, by UTC day and provider, with each day's distinct learners
 * and the distinct learners of the whole period. The index on (created_at, provider, user_id)
 * answers all three without reading the rows.
 */
export async function activitySince(db: Kysely<DB>, fromIso: string) {
  const recent = db.selectFrom('explanations').where('created_at', '>=', fromIso);
  const [byProvider, learnersByDay, learners] = await Promise.all([
    recent
      .select([day.as('day'), 'provider', (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy([day, 'provider'])
      .execute(),
    recent
      .select([day.as('day'), sql<number | string>`count(distinct user_id)`.as('n')])
      .groupBy(day)
      .execute(),
    recent.select(sql<number | string>`count(distinct user_id)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    byProvider: byProvider.map((r) => ({ day: r.day, provider: r.provider, count: Number(r.n) })),
    learnersByDay: learnersByDay.map((r) => ({ day: r.day, count: Number(r.n) })),
    learners: Number(learners.n),
  };
}
