import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../../test/databases.ts';
import { migrator, unmigrated } from '../../test/migrations.ts';
import { userRow } from '../../test/user-row.ts';
import type { Database } from '../database.ts';

describe.each(TEST_DATABASES)('migration 0017-passkeys on %s', (kind) => {
  let database: Database | undefined;
  afterEach(() => database?.close());

  it('keeps a uint32 counter, one account per credential, and goes down cleanly', async () => {
    database = await unmigrated(kind);
    const { db } = database;
    expect((await migrator(database).migrateToLatest()).error).toBeUndefined();
    await db.insertInto('users').values(userRow('u1', 'Ada')).execute();
    const passkey = {
      id: 'p1',
      user_id: 'u1',
      credential_id: 'cred',
      public_key: 'key',
      counter: 4_294_967_295,
      device_type: 'singleDevice',
      name: 'Phone',
      created_at: '2026-11-27T10:00:00.000Z',
    };
    await db.insertInto('passkeys').values(passkey).execute();
    const row = await db.selectFrom('passkeys').selectAll().executeTakeFirstOrThrow();
    expect(Number(row.counter)).toBe(4_294_967_295);
    expect(row).toMatchObject({ transports: '[]', backed_up: 0, last_used_at: null });
    await expect(
      db
        .insertInto('passkeys')
        .values({ ...passkey, id: 'p2' })
        .execute(),
    ).rejects.toThrow();

    expect((await migrator(database).migrateTo('0014-unique-follow-ups')).error).toBeUndefined();
    expect((await migrator(database).migrateToLatest()).error).toBeUndefined();
    expect(await db.selectFrom('passkeys').selectAll().execute()).toEqual([]);
  });
});
