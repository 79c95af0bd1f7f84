import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';

export async function countMessages(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('explanations')
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

export function recentMessages(db: Kysely<DB>, userId: string, limit: number) {
  return db
    .selectFrom('explanations')
    .innerJoin('answer_texts', 'answer_texts.id', 'explanations.answer_id')
    .select(['concept_name', 'answer_texts.text as ai_answer', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export function userById(db: Kysely<DB>, userId: string) {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}
