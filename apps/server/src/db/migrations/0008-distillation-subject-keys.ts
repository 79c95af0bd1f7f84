import type { Kysely } from 'kysely';

const BATCH = 500;

interface Tables {
  distillations: { id: string; subject: string; subject_key: string | null };
}

/** The app's own normalisation (lib/query-key.ts): stored keys and new ones must match. */
const subjectKey = (subject: string) => subject.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * A distillation's normalised subject, so a repeat within the cycle is recognised (and free) the
 * way a repeated explanation is, through an index rather than a scan of the user's rows.
 */
export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<Tables>;
  // Nullable only because SQLite cannot add a NOT NULL column without a default; every row gets
  // one below, and new rows are always written with one.
  await db.schema.alterTable('distillations').addColumn('subject_key', 'text').execute();
  // The learning map's pairs, so a free repeat answers with the same map (null before it).
  await db.schema.alterTable('distillations').addColumn('prerequisites_json', 'text').execute();
  for (;;) {
    const rows = await db
      .selectFrom('distillations')
      .select(['id', 'subject'])
      .where('subject_key', 'is', null)
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      await db
        .updateTable('distillations')
        .set({ subject_key: subjectKey(row.subject) })
        .where('id', '=', row.id)
        .execute();
    }
  }
  await db.schema
    .createIndex('distillations_user_subject_idx')
    .on('distillations')
    .columns(['user_id', 'subject_key', 'created_at'])
    .execute();
}

export async function down(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<Tables>;
  await db.schema.dropIndex('distillations_user_subject_idx').execute();
  await db.schema.alterTable('distillations').dropColumn('prerequisites_json').execute();
  await db.schema.alterTable('distillations').dropColumn('subject_key').execute();
}
