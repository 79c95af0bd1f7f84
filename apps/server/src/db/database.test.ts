import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DATABASES } from '../test/databases.ts';
import { userRow } from '../test/user-row.ts';
import { type Database, migrateToLatest, openDatabase, pingDatabase } from './database.ts';

describe.each(TEST_DATABASES)('database on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('answers a ping', async () => {
    expect(await pingDatabase(database.db)).toBe(true);
  });

  it('migrates idempotently', async () => {
    await expect(migrateToLatest(database.db, database.schema)).resolves.toBeUndefined();
  });

  it('stores and reads a user', async () => {
    await database.db.insertInto('users').values(userRow('u1', 'Ada')).execute();
    const row = await database.db
      .selectFrom('users')
      .selectAll()
      .where('username_key', '=', 'ada')
      .executeTakeFirstOrThrow();
    expect(row.username).toBe('Ada');
    expect(row.plan).toBe('free');
  });

  it('refuses a second user with the same name in another case', async () => {
    await expect(
      database.db
        .insertInto('users')
        .values({ ...userRow('u2', 'ADA'), email_key: 'other@example.com' })
        .execute(),
    ).rejects.toThrow();
  });

  it('enforces foreign keys', async () => {
    const now = new Date().toISOString();
    await expect(
      database.db
        .insertInto('sessions')
        .values({
          id: 's1',
          user_id: 'missing',
          created_at: now,
          expires_at: now,
          revoked_at: null,
        })
        .execute(),
    ).rejects.toThrow();
  });

  it('counts units atomically with an integer default of zero', async () => {
    const now = new Date().toISOString();
    await database.db
      .insertInto('usage_cycles')
      .values({
        id: 'c1',
        user_id: 'u1',
        plan: 'free',
        starts_at: now,
        ends_at: now,
        unit_limit: 99,
      })
      .execute();
    await database.db
      .updateTable('usage_cycles')
      .set((eb) => ({ units_used: eb('units_used', '+', 1) }))
      .where('id', '=', 'c1')
      .execute();
    const cycle = await database.db
      .selectFrom('usage_cycles')
      .select(['units_used', 'unit_limit'])
      .executeTakeFirstOrThrow();
    expect(cycle).toEqual({ units_used: 1, unit_limit: 99 });
  });
});

describe('SQLite connection', () => {
  it('keeps a page cache of 4 MiB, not the driver’s 16 MiB, so it does not fill the memory', async () => {
    const database = openDatabase({ url: ':memory:', dataDir: '.' });
    const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(database.db);
    expect(rows[0]?.cache_size).toBe(-4096);
    await database.close();
  });
});
