import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../../test/databases.ts';
import { migrator, unmigrated } from '../../test/migrations.ts';
import { userRow } from '../../test/user-row.ts';
import type { Database } from '../database.ts';
import type { DB } from '../types.ts';

const followUp = (db: Kysely<DB>, id: string, key: string, at: string) =>
  sql`insert into follow_ups (id, explanation_id, question_key, question, answer, created_at)
    values (${id}, 'e1', ${key}, ${key}, ${`answer ${id}`}, ${at})`.execute(db);

describe.each(TEST_DATABASES)('migration 0014-unique-follow-ups on %s', (kind) => {
  let database: Database | undefined;
  afterEach(() => database?.close());

  it('keeps the earliest of each question’s follow-ups, then refuses another', async () => {
    database = await unmigrated(kind);
    const { db } = database;
    await migrator(database).migrateTo('0008-distillation-subject-keys');
    await db.insertInto('users').values(userRow('u1', 'Ada')).execute();
    await sql`insert into answer_texts (id, text) values ('a1', 'text')`.execute(db);
    await sql`insert into explanations
      (id, user_id, concept_name, query_key, template, difficulty, provider, answer_id, created_at)
      values ('e1', 'u1', 'Gravity', 'gravity', 'default', 'beginner', 'offline', 'a1',
        '2026-01-01T00:00:00.000Z')`.execute(db);
    await followUp(db, 'f2', 'why', '2026-01-01T00:00:02.000Z');
    await followUp(db, 'f1', 'why', '2026-01-01T00:00:01.000Z');
    await followUp(db, 'f0', 'why', '2026-01-01T00:00:01.000Z');
    await followUp(db, 'g1', 'how', '2026-01-01T00:00:03.000Z');

    expect((await migrator(database).migrateToLatest()).error).toBeUndefined();
    const rows = await db.selectFrom('follow_ups').select('id').orderBy('id').execute();
    expect(rows.map((r) => r.id)).toEqual(['f0', 'g1']);
    await expect(followUp(db, 'f3', 'why', '2026-01-01T00:00:04.000Z')).rejects.toThrow();

    expect((await migrator(database).migrateTo('0008-distillation-subject-keys')).error).toBe(
      undefined,
    );
    await followUp(db, 'f3', 'why', '2026-01-01T00:00:04.000Z');
  });
});
