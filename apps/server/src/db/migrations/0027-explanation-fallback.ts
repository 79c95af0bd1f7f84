import type { Kysely } from 'kysely';

/**
 * An explanation composed the no-key way because the model failed (DESIGN.md §18): the record
 * says so, as the response did, so the page tells where its text came from on every return.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('explanations')
    .addColumn('fallback', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('explanations').dropColumn('fallback').execute();
}
