import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { anonymiseActivityOf } from '../../features/explain/explain-activity.repository.ts';
import { createTestSchema, TEST_DATABASES } from '../../test/databases.ts';
import { migrator, unmigrated } from '../../test/migrations.ts';
import { userRow } from '../../test/user-row.ts';
import type { Database } from '../database.ts';
import type { DB } from '../types.ts';

let next = 0;
const explanation = (userId: string, provider: string, at: string) => {
  next += 1;
  return {
    id: `e${next}`,
    user_id: userId,
    concept_name: `c${next}`,
    query_key: `c${next}`,
    template: 'default',
    difficulty: 'beginner',
    provider,
    answer_id: 'a1',
    material_id: null,
    material_title: null,
    created_at: at,
  };
};

/** The rollups as the tables hold them, beside the same figures counted over explanations. */
async function rollupsAndRecount(db: Kysely<DB>) {
  const day = sql<string>`substr(created_at, 1, 10)`;
  const held = {
    byProvider: (
      await db
        .selectFrom('explanation_days')
        .selectAll()
        .orderBy('day')
        .orderBy('provider')
        .execute()
    ).map((r) => ({ ...r, explanations: Number(r.explanations) })),
    learnersByDay: (await db.selectFrom('active_days').selectAll().orderBy('day').execute()).map(
      (r) => ({ ...r, learners: Number(r.learners) }),
    ),
    lastDays: await db.selectFrom('learner_last_days').selectAll().orderBy('user_id').execute(),
    signUps: (await db.selectFrom('signup_days').selectAll().orderBy('day').execute()).map((r) => ({
      ...r,
      sign_ups: Number(r.sign_ups),
    })),
  };
  const recount = {
    byProvider: (
      await db
        .selectFrom('explanations')
        .select([day.as('day'), 'provider', (eb) => eb.fn.countAll<number>().as('explanations')])
        .groupBy([day, 'provider'])
        .orderBy('day')
        .orderBy('provider')
        .execute()
    ).map((r) => ({ ...r, explanations: Number(r.explanations) })),
    learnersByDay: (
      await db
        .selectFrom('explanations')
        .select([day.as('day'), sql<number>`count(distinct user_id)`.as('learners')])
        .groupBy(day)
        .orderBy('day')
        .execute()
    ).map((r) => ({ ...r, learners: Number(r.learners) })),
    lastDays: await db
      .selectFrom('explanations')
      .select(['user_id', sql<string>`max(substr(created_at, 1, 10))`.as('day')])
      .groupBy('user_id')
      .orderBy('user_id')
      .execute(),
    signUps: (
      await db
        .selectFrom('users')
        .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('sign_ups')])
        .groupBy(day)
        .orderBy('day')
        .execute()
    ).map((r) => ({ ...r, sign_ups: Number(r.sign_ups) })),
  };
  return { held, recount };
}

const openedOn = (id: string, name: string, at: string) => ({
  ...userRow(id, name),
  created_at: at,
});

async function seedPeople(db: Kysely<DB>) {
  await db
    .insertInto('users')
    .values([
      openedOn('u-a', 'A', '2026-02-27T10:00:00.000Z'),
      openedOn('u-b', 'B', '2026-02-27T23:00:00.000Z'),
    ])
    .execute();
  await db
    .insertInto('users')
    .values(openedOn('u-c', 'C', '2026-02-28T00:00:00.000Z'))
    .execute();
  await db.insertInto('answer_texts').values({ id: 'a1', text: 'x', details_json: null }).execute();
}

describe.each(TEST_DATABASES)('migration 0022-overview-rollups on %s', (kind) => {
  let database: Database | undefined;
  afterEach(() => database?.close());

  it('fills the rollups from the rows stored before, then keeps them as rows come', async () => {
    database = await unmigrated(kind);
    const { db } = database;
    await migrator(database).migrateTo('0018-operator-console');
    await seedPeople(db);
    await db
      .insertInto('explanations')
      .values([
        explanation('u-a', 'offline', '2026-03-01T01:00:00.000Z'),
        explanation('u-a', 'offline', '2026-03-01T02:00:00.000Z'),
        explanation('u-a', 'remote-google', '2026-03-01T03:00:00.000Z'),
        explanation('u-b', 'offline', '2026-03-01T23:59:59.999Z'),
        explanation('u-b', 'offline', '2026-03-03T00:00:00.000Z'),
      ])
      .execute();

    expect((await migrator(database).migrateToLatest()).error).toBeUndefined();
    let { held, recount } = await rollupsAndRecount(db);
    expect(held).toEqual(recount);
    expect(held.learnersByDay).toEqual([
      { day: '2026-03-01', learners: 2 },
      { day: '2026-03-03', learners: 1 },
    ]);
    expect(held.signUps).toEqual([
      { day: '2026-02-27', sign_ups: 2 },
      { day: '2026-02-28', sign_ups: 1 },
    ]);
    await db
      .insertInto('users')
      .values(openedOn('u-d', 'D', '2026-02-28T05:00:00.000Z'))
      .execute();

    // One row at a time, several in one statement (the batched writes), a day out of order, a
    // learner's repeat the same day, and a transaction.
    await db
      .insertInto('explanations')
      .values(explanation('u-c', 'offline', '2026-03-03T05:00:00.000Z'))
      .execute();
    await db
      .insertInto('explanations')
      .values([
        explanation('u-a', 'remote-openai', '2026-03-04T00:00:00.000Z'),
        explanation('u-a', 'remote-openai', '2026-03-04T00:00:01.000Z'),
        explanation('u-b', 'remote-openai', '2026-03-04T00:00:02.000Z'),
        explanation('u-c', 'offline', '2026-03-02T10:00:00.000Z'),
        explanation('u-b', 'offline', '2026-03-03T09:00:00.000Z'),
      ])
      .execute();
    await db.transaction().execute(async (tx) => {
      await tx
        .insertInto('explanations')
        .values(explanation('u-c', 'offline', '2026-03-04T10:00:00.000Z'))
        .execute();
    });
    ({ held, recount } = await rollupsAndRecount(db));
    expect(held).toEqual(recount);
    expect(held.learnersByDay).toEqual([
      { day: '2026-03-01', learners: 2 },
      { day: '2026-03-02', learners: 1 },
      { day: '2026-03-03', learners: 2 },
      { day: '2026-03-04', learners: 3 },
    ]);
    // A statement that fails stores nothing and counts nothing.
    const clash = explanation('u-a', 'offline', '2026-03-05T00:00:00.000Z');
    await expect(
      db
        .insertInto('explanations')
        .values([clash, { ...clash }])
        .execute(),
    ).rejects.toThrow();
    expect(await rollupsAndRecount(db).then((r) => r.held)).toEqual(held);

    // Down and up again: the rollups are filled anew from what is there.
    expect((await migrator(database).migrateTo('0018-operator-console')).error).toBeUndefined();
    expect((await migrator(database).migrateToLatest()).error).toBeUndefined();
    ({ held, recount } = await rollupsAndRecount(db));
    expect(held).toEqual(recount);
  });

  it('keeps a forgotten learner’s days counted under an id that names nobody', async () => {
    database = await unmigrated(kind);
    const { db } = database;
    expect((await migrator(database).migrateToLatest()).error).toBeUndefined();
    await seedPeople(db);
    await db
      .insertInto('explanations')
      .values([
        explanation('u-a', 'offline', '2026-03-01T01:00:00.000Z'),
        explanation('u-a', 'offline', '2026-03-02T01:00:00.000Z'),
        explanation('u-b', 'offline', '2026-03-02T02:00:00.000Z'),
      ])
      .execute();
    const before = (await rollupsAndRecount(db)).held;
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('explanations').where('user_id', '=', 'u-a').execute();
      await anonymiseActivityOf(tx, 'u-a');
    });
    const after = (await rollupsAndRecount(db)).held;
    expect(after.byProvider).toEqual(before.byProvider);
    expect(after.learnersByDay).toEqual(before.learnersByDay);
    expect(after.lastDays.map((r) => r.day).sort()).toEqual(
      before.lastDays.map((r) => r.day).sort(),
    );
    for (const table of ['learner_days', 'learner_last_days'] as const) {
      const rows = await db.selectFrom(table).select('user_id').execute();
      expect(rows.some((r) => r.user_id === 'u-a')).toBe(false);
    }
    // Both of the learner's days moved to the same new id: still one learner.
    const gone = await db
      .selectFrom('learner_days')
      .select('user_id')
      .where('user_id', 'like', 'gone:%')
      .execute();
    expect(gone).toHaveLength(2);
    expect(new Set(gone.map((r) => r.user_id)).size).toBe(1);
    // Another explanation on a day its learner was already counted for counts no learner more.
    await db
      .insertInto('explanations')
      .values(explanation('u-b', 'offline', '2026-03-02T05:00:00.000Z'))
      .execute();
    expect((await rollupsAndRecount(db)).held.learnersByDay).toEqual(before.learnersByDay);
  });
});

describe.skipIf(!TEST_DATABASES.includes('postgres'))('the rollups on PostgreSQL', () => {
  it('count exactly when two instances store explanations at once', async () => {
    const testSchema = await createTestSchema();
    const setup = testSchema.open();
    const a = testSchema.open();
    const b = testSchema.open();
    try {
      expect((await migrator(setup).migrateToLatest()).error).toBeUndefined();
      await seedPeople(setup.db);
      const users = Array.from({ length: 10 }, (_, k) => `u-many-${k}`);
      await setup.db
        .insertInto('users')
        .values(users.map((id) => userRow(id, id)))
        .execute();
      const providers = ['offline', 'remote-google', 'remote-openai'];
      // Sixty statements of five rows, spread over the instances: the same learners, days and
      // providers in many of them, so first-of-a-day rows race.
      const batch = (i: number) =>
        Array.from({ length: 5 }, (_, j) =>
          explanation(
            users[(i * 3 + j) % users.length] as string,
            providers[(i + j) % providers.length] as string,
            `2026-03-0${1 + ((i * 7 + j * 2) % 9)}T00:00:${String(j).padStart(2, '0')}.000Z`,
          ),
        );
      await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          (i % 2 ? a : b).db.insertInto('explanations').values(batch(i)).execute(),
        ),
      );
      const { held, recount } = await rollupsAndRecount(setup.db);
      expect(held).toEqual(recount);
      expect(held.byProvider.reduce((n, r) => n + r.explanations, 0)).toBe(300);
    } finally {
      await Promise.all([setup.close(), a.close(), b.close()]);
      await testSchema.drop();
    }
  });
});
