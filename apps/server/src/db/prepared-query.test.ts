import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DATABASES } from '../test/databases.ts';
import { userRow } from '../test/user-row.ts';
import type { Database } from './database.ts';
import { preparedInsert, preparedQuery } from './prepared-query.ts';

describe.each(TEST_DATABASES)('prepared queries on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await database.db
      .insertInto('users')
      .values([
        userRow('u1', 'Ada', 'free'),
        userRow('u2', 'Bea', 'pro'),
        userRow('u3', 'Cy', 'pro'),
      ])
      .execute();
  });
  afterAll(() => database.close());

  // Arguments in another order than their parameters, beside a constant (the limit).
  const byPlanAfter = preparedQuery(2, (db, after: string, plan: string) =>
    db
      .selectFrom('users')
      .select('id')
      .where('plan', '=', plan)
      .where('id', '>', after)
      .orderBy('id')
      .limit(5),
  );

  it('runs again with new values each time', async () => {
    expect(await byPlanAfter(database.db, 'u0', 'pro')).toEqual([{ id: 'u2' }, { id: 'u3' }]);
    expect(await byPlanAfter(database.db, 'u2', 'pro')).toEqual([{ id: 'u3' }]);
    expect(await byPlanAfter(database.db, 'u0', 'free')).toEqual([{ id: 'u1' }]);
  });

  it('refuses an argument that is not passed in as a value', async () => {
    const broken = preparedQuery(1, (db, _unused: string) =>
      db.selectFrom('users').select('id').where('plan', '=', 'pro'),
    );
    await expect(broken(database.db, 'x')).rejects.toThrow(/Argument 0 is not a parameter/);
  });

  const planOf = preparedQuery(1, (db, id: string) =>
    db.selectFrom('users').select('plan').where('id', '=', id),
  );

  it('never reads what another request has not committed', async () => {
    let read: Promise<{ plan: string }[]> | undefined;
    await expect(
      database.db.transaction().execute(async (tx) => {
        await tx.updateTable('users').set({ plan: 'enterprise' }).where('id', '=', 'u1').execute();
        read = planOf(database.db, 'u1');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await read).toEqual([{ plan: 'free' }]);
  });

  const insertViews = preparedInsert(
    ['id', 'path', 'referrer', 'created_at'] as const,
    (db, rows) => db.insertInto('page_views').values(rows),
  );
  const views = () =>
    database.db.selectFrom('page_views').select(['id', 'path', 'referrer']).orderBy('id').execute();
  const view = (id: string, referrer: string | null = null) =>
    [id, `/${id}`, referrer, '2026-11-23T00:00:00.000Z'] as const;

  it('inserts batches of any size, each size compiled once, in and out of transactions', async () => {
    await insertViews(database.db, [view('a')]);
    await insertViews(database.db, [view('b', '/a'), view('c')]);
    await insertViews(database.db, [view('d'), view('e', '/d')]);
    await database.db.transaction().execute((tx) => insertViews(tx, [view('f')]));
    expect(await views()).toEqual([
      { id: 'a', path: '/a', referrer: null },
      { id: 'b', path: '/b', referrer: '/a' },
      { id: 'c', path: '/c', referrer: null },
      { id: 'd', path: '/d', referrer: null },
      { id: 'e', path: '/e', referrer: '/d' },
      { id: 'f', path: '/f', referrer: null },
    ]);
  });
});
