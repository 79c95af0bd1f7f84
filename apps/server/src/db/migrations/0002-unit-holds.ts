import type { Kysely } from 'kysely';

/**
 * A unit taken for an answer still being produced. The hold goes in the same transaction as the
 * stored answer, so a unit whose request died with its process is visible and can be given back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('unit_holds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('cycle_id', 'text', (c) =>
      c.notNull().references('usage_cycles.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('unit_holds_cycle_idx')
    .on('unit_holds')
    .columns(['cycle_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('unit_holds').ifExists().execute();
}
