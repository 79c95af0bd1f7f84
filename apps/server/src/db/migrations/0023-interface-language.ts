import type { Kysely } from 'kysely';

/**
 * The language of the learner's interface, API messages, mails and pushes (DESIGN.md §17):
 * every account made before it reads English, as it did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('interface_language', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('interface_language').execute();
}
