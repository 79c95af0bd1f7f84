import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/ids.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { migrator, unmigrated } from '../../test/migrations.ts';
import { userRow } from '../../test/user-row.ts';
import type { Database } from '../database.ts';
import type { DB } from '../types.ts';

async function insertOldMessage(db: Kysely<DB>, id: string, answer: string): Promise<void> {
  await sql`insert into explanations
    (id, user_id, concept_name, query_key, template, difficulty, provider, ai_answer, created_at)
    values (${id}, 'u1', 'Gravity', 'gravity', 'default', 'beginner', 'offline', ${answer},
      ${`2026-01-0${id.length}T00:00:00.000Z`})`.execute(db);
}

const answersOf = (db: Kysely<DB>) =>
  db
    .selectFrom('explanations')
    .innerJoin('answer_texts', 'answer_texts.id', 'explanations.answer_id')
    .select(['explanations.id', 'answer_texts.text'])
    .orderBy('explanations.id')
    .execute();

describe.each(TEST_DATABASES)('migration 0003-answer-texts on %s', (kind) => {
  let database: Database | undefined;
  afterEach(() => database?.close());

  it('moves the answers of existing messages into one text each, and back down', async () => {
    database = await unmigrated(kind);
    const { db } = database;
    await migrator(database).migrateTo('0002-unit-holds');
    await db.insertInto('users').values(userRow('u1', 'Ada')).execute();
    await insertOldMessage(db, 'a', '## Gravity\nPulls.');
    await insertOldMessage(db, 'bb', '## Gravity\nPulls.');
    await insertOldMessage(db, 'ccc', '## Gravity (30-60 seconds)\nBends space.');

    expect((await migrator(database).migrateToLatest()).error).toBeUndefined();
    expect(await answersOf(db)).toEqual([
      { id: 'a', text: '## Gravity\nPulls.' },
      { id: 'bb', text: '## Gravity\nPulls.' },
      { id: 'ccc', text: '## Gravity (30-60 seconds)\nBends space.' },
    ]);
    const texts = await db.selectFrom('answer_texts').select('id').execute();
    expect(texts).toHaveLength(2);
    // Named as the app names new texts, so a repeat of an old answer shares its row.
    expect(texts.map((t) => t.id)).toContain(sha256('## Gravity\nPulls.'));

    expect((await migrator(database).migrateTo('0002-unit-holds')).error).toBeUndefined();
    const { rows } = await sql<{ ai_answer: string }>`
      select ai_answer from explanations order by id`.execute(db);
    expect(rows.map((r) => r.ai_answer)).toEqual([
      '## Gravity\nPulls.',
      '## Gravity\nPulls.',
      '## Gravity (30-60 seconds)\nBends space.',
    ]);
  });
});
