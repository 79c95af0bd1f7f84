import type { Kysely } from 'kysely';

/**
 * The learning loop (DESIGN.md §8): follow-ups, quizzes and re-explanations hang off a user's
 * explanation record; a quiz's questions are made once per answer text and shared.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite adds a NOT NULL column only with a default; every earlier explanation was English.
  await db.schema
    .alterTable('explanations')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
  // The graph and suggested questions parsed out of the answer, kept with its text.
  await db.schema.alterTable('answer_texts').addColumn('details_json', 'text').execute();

  await db.schema
    .createTable('follow_ups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('explanation_id', 'text', (c) =>
      c.notNull().references('explanations.id').onDelete('cascade'),
    )
    .addColumn('question_key', 'text', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('follow_ups_explanation_idx')
    .on('follow_ups')
    .columns(['explanation_id', 'question_key'])
    .execute();

  await db.schema
    .createTable('re_explanations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('explanation_id', 'text', (c) =>
      c.notNull().references('explanations.id').onDelete('cascade'),
    )
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('approach', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('re_explanations_explanation_idx')
    .on('re_explanations')
    .columns(['explanation_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('quiz_sets')
    .addColumn('answer_id', 'text', (c) => c.primaryKey())
    .addColumn('questions_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('quiz_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('explanation_id', 'text', (c) =>
      c.notNull().unique().references('explanations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('answer_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('quiz_answers')
    .addColumn('attempt_id', 'text', (c) =>
      c.notNull().references('quiz_attempts.id').onDelete('cascade'),
    )
    .addColumn('question_id', 'text', (c) => c.notNull())
    .addColumn('choice', 'integer', (c) => c.notNull())
    .addColumn('correct', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('quiz_answers_pk', ['attempt_id', 'question_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('quiz_answers').ifExists().execute();
  await db.schema.dropTable('quiz_attempts').ifExists().execute();
  await db.schema.dropTable('quiz_sets').ifExists().execute();
  await db.schema.dropTable('re_explanations').ifExists().execute();
  await db.schema.dropTable('follow_ups').ifExists().execute();
  await db.schema.alterTable('answer_texts').dropColumn('details_json').execute();
  await db.schema.alterTable('explanations').dropColumn('language').execute();
}
