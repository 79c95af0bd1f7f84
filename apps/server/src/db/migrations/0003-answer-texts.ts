import type { Kysely } from 'kysely';
import { sha256 } from '../../lib/ids.ts';

const BATCH = 500;

interface Tables {
  explanations: { id: string; ai_answer: string | null; answer_id: string | null };
  answer_texts: { id: string; text: string };
}

/**
 * Each answer text is stored once, named by its SHA-256, and a user's message points at it. A
 * repeat (or a cached answer many users receive) used to copy about 2 KB into every message.
 */
export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<Tables>;
  await db.schema
    .createTable('answer_texts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('text', 'text', (c) => c.notNull())
    .execute();
  // Nullable only because SQLite cannot add a NOT NULL column without a default; every message
  // gets one below, and new messages are always written with one. No foreign key: SQLite could
  // not drop the column again in down(), and the text is always written first.
  await db.schema.alterTable('explanations').addColumn('answer_id', 'text').execute();
  await moveTexts(db);
  await db.schema.alterTable('explanations').dropColumn('ai_answer').execute();
}

async function moveTexts(db: Kysely<Tables>): Promise<void> {
  for (;;) {
    const rows = await db
      .selectFrom('explanations')
      .select(['id', 'ai_answer'])
      .where('answer_id', 'is', null)
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      const text = row.ai_answer ?? '';
      // The app's own hash (features/explain/answer-texts.ts): moved texts and new ones must match.
      const id = sha256(text);
      await db
        .insertInto('answer_texts')
        .values({ id, text })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      await db
        .updateTable('explanations')
        .set({ answer_id: id })
        .where('id', '=', row.id)
        .execute();
    }
  }
}

export async function down(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<Tables>;
  await db.schema.alterTable('explanations').addColumn('ai_answer', 'text').execute();
  await db
    .updateTable('explanations')
    .set((eb) => ({
      ai_answer: eb
        .selectFrom('answer_texts')
        .select('text')
        .whereRef('answer_texts.id', '=', 'explanations.answer_id'),
    }))
    .execute();
  await db.schema.alterTable('explanations').dropColumn('answer_id').execute();
  await db.schema.dropTable('answer_texts').execute();
}
