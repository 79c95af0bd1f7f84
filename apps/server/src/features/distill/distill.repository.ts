import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { Prerequisite } from './prerequisites.ts';

type Db = Kysely<DB> | Transaction<DB>;

export async function insertDistillation(
  db: Db,
  row: {
    id: string;
    userId: string;
    subject: string;
    subjectKey: string;
    template: string;
    concepts: readonly string[];
    prerequisites: readonly Prerequisite[];
    createdAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('distillations')
    .values({
      id: row.id,
      user_id: row.userId,
      subject: row.subject,
      subject_key: row.subjectKey,
      template: row.template,
      concepts_json: JSON.stringify(row.concepts),
      prerequisites_json: JSON.stringify(row.prerequisites),
      created_at: row.createdAt.toISOString(),
    })
    .execute();
}

/** The user's latest distillation of a (normalised) subject since a moment, if any. */
export async function latestDistillationSince(
  db: Db,
  ask: { userId: string; subjectKey: string; since: string },
): Promise<{ template: string; concepts: string[]; prerequisites: Prerequisite[] } | undefined> {
  const row = await db
    .selectFrom('distillations')
    .select(['template', 'concepts_json', 'prerequisites_json'])
    .where('user_id', '=', ask.userId)
    .where('subject_key', '=', ask.subjectKey)
    .where('created_at', '>=', ask.since)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    template: row.template,
    concepts: JSON.parse(row.concepts_json) as string[],
    prerequisites: row.prerequisites_json
      ? (JSON.parse(row.prerequisites_json) as Prerequisite[])
      : [],
  };
}

export async function deleteDistillationsOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('distillations').where('user_id', '=', userId).execute();
}
