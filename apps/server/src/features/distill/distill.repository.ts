import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';

type Db = Kysely<DB> | Transaction<DB>;

export async function insertDistillation(
  db: Db,
  row: {
    id: string;
    userId: string;
    subject: string;
    template: string;
    concepts: readonly string[];
    createdAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('distillations')
    .values({
      id: row.id,
      user_id: row.userId,
      subject: row.subject,
      template: row.template,
      concepts_json: JSON.stringify(row.concepts),
      created_at: row.createdAt.toISOString(),
    })
    .execute();
}
