import type { Kysely } from 'kysely';

/**
 * Share links (DESIGN.md §9): one per explanation while it lasts; revoking deletes the row, so
 * the page is gone at once on every instance (each checks the row on every request), and sharing
 * again makes a new, different link.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shares')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('explanation_id', 'text', (c) =>
      c.notNull().unique().references('explanations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull())
    // The concept, for the owner's list of links; an explanation's never changes.
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('visibility', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('shares_user_idx')
    .on('shares')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('shares').ifExists().execute();
}
