import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { queryKey } from '../../lib/query-key.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { migrator, unmigrated } from '../../test/migrations.ts';
import { userRow } from '../../test/user-row.ts';
import type { Database } from '../database.ts';
import type { DB } from '../types.ts';

async function insertOldDistillation(db: Kysely<DB>, id: string, subject: string): Promise<void> {
  await sql`insert into distillations (id, user_id, subject, template, concepts_json, created_at)
    values (${id}, 'u1', ${subject}, 'default', '["a"]', '2026-01-01T00:00:00.000Z')`.execute(db);
}

describe.each(TEST_DATABASES)('migration 0008-distillation-subject-keys on %s', (kind) => {
  let database: Database | undefined;
  afterEach(() => database?.close());

  it('keys existing distillations as the app keys new ones, and goes back down', async () => {
    database = await unmigrated(kind);
    const { db } = database;
    await migrator(database).migrateTo('0003-answer-texts');
    await db.insertInto('users').values(userRow('u1', 'Ada')).execute();
    const subjects = ['  The French   Revolution ', 'photosynthesis', 'PHOTOSYNTHESIS'];
    for (const [i, subject] of subjects.entries())
      await insertOldDistillation(db, `d${i}`, subject);

    expect((await migrator(database).migrateToLatest()).error).toBeUndefined();
    const rows = await db
      .selectFrom('distillations')
      .select(['subject', 'subject_key'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.subject_key)).toEqual(subjects.map(queryKey));
    expect(rows.map((r) => r.subject_key)).toEqual([
      'the french revolution',
      'photosynthesis',
      'photosynthesis',
    ]);

    expect((await migrator(database).migrateTo('0003-answer-texts')).error).toBeUndefined();
    const { rows: after } = await sql<{ subject: string }>`
      select subject from distillations order by id`.execute(db);
    expect(after.map((r) => r.subject)).toEqual(subjects);
  });
});
