import type { Kysely } from 'kysely';

/**
 * Spaced recaps (DESIGN.md §8): one card per user and concept, scheduled by FSRS, and every
 * review of it. Cards are made lazily from the user's explanations (see recaps.service.ts);
 * recap_sync remembers how far each user's explanations have been read for that.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('recap_cards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('concept_key', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull())
    // No foreign key: the card outlives nothing but its user, and points at the latest explanation.
    .addColumn('explanation_id', 'text', (c) => c.notNull())
    .addColumn('answer_id', 'text', (c) => c.notNull())
    .addColumn('explained_at', 'text', (c) => c.notNull())
    .addColumn('takeaway', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('fsrs_json', 'text', (c) => c.notNull())
    .addColumn('reviews', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('quiz_rated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('known_at', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('recap_cards_user_concept_key', ['user_id', 'concept_key'])
    .execute();
  await db.schema
    .createIndex('recap_cards_user_due_idx')
    .on('recap_cards')
    .columns(['user_id', 'due_at'])
    .execute();

  await db.schema
    .createTable('recap_reviews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('card_id', 'text', (c) =>
      c.notNull().references('recap_cards.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('rating', 'text', (c) => c.notNull())
    .addColumn('reviewed_at', 'text', (c) => c.notNull())
    .addColumn('due_before', 'text', (c) => c.notNull())
    .addColumn('due_after', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('recap_reviews_user_time_idx')
    .on('recap_reviews')
    .columns(['user_id', 'reviewed_at'])
    .execute();

  await db.schema
    .createTable('recap_sync')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('synced_until', 'text', (c) => c.notNull())
    // The user's card count, kept with every insert: counting 10,000 index entries per queue
    // read was the largest part of it.
    .addColumn('cards', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('recap_sync').ifExists().execute();
  await db.schema.dropTable('recap_reviews').ifExists().execute();
  await db.schema.dropTable('recap_cards').ifExists().execute();
}
