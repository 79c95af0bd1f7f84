import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../../test/databases.ts';
import { migrator, unmigrated } from '../../test/migrations.ts';
import { userRow } from '../../test/user-row.ts';
import type { Database } from '../database.ts';

describe.each(TEST_DATABASES)('migration 0023-interface-language on %s', (kind) => {
  let database: Database | undefined;
  afterEach(() => database?.close());

  it('reads English for the accounts made before it, and goes down cleanly', async () => {
    database = await unmigrated(kind);
    const { db } = database;
    expect((await migrator(database).migrateTo('0022-overview-rollups')).error).toBeUndefined();
    await db.insertInto('users').values(userRow('u1', 'Ada')).execute();
    expect((await migrator(database).migrateToLatest()).error).toBeUndefined();
    const before = await db.selectFrom('users').select('interface_language').executeTakeFirst();
    expect(before?.interface_language).toBe('en');
    await db
      .insertInto('users')
      .values({ ...userRow('u2', 'Bala'), interface_language: 'ta' })
      .execute();
    const rows = await db
      .selectFrom('users')
      .select(['id', 'interface_language'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'u1', interface_language: 'en' },
      { id: 'u2', interface_language: 'ta' },
    ]);
    expect((await migrator(database).migrateTo('0022-overview-rollups')).error).toBeUndefined();
    expect((await migrator(database).migrateToLatest()).error).toBeUndefined();
    const again = await db
      .selectFrom('users')
      .select(['id', 'interface_language'])
      .orderBy('id')
      .execute();
    expect(again).toEqual([
      { id: 'u1', interface_language: 'en' },
      { id: 'u2', interface_language: 'en' },
    ]);
  });
});
