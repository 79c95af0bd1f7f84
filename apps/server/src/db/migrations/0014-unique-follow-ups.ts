import { type Kysely, sql } from 'kysely';

/**
 * One follow-up per question of an explanation: the same question sent twice at the same moment
 * was answered, stored and charged twice. The later copies go first (the earliest answer is the
 * one the record has always shown), then the index becomes unique, so a racing insert conflicts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from follow_ups where exists (
    select 1 from follow_ups as earlier
    where earlier.explanation_id = follow_ups.explanation_id
      and earlier.question_key = follow_ups.question_key
      and (earlier.created_at < follow_ups.created_at
        or (earlier.created_at = follow_ups.created_at and earlier.id < follow_ups.id))
  )`.execute(db);
  await db.schema.dropIndex('follow_ups_explanation_idx').execute();
  await db.schema
    .createIndex('follow_ups_question_idx')
    .on('follow_ups')
    .columns(['explanation_id', 'question_key'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('follow_ups_question_idx').execute();
  await db.schema
    .createIndex('follow_ups_explanation_idx')
    .on('follow_ups')
    .columns(['explanation_id', 'question_key'])
    .execute();
}
