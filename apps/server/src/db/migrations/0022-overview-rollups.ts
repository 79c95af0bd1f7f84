import { type Kysely, SqliteAdapter, sql } from 'kysely';

/**
 * The overview's counts, kept as they happen (issue 35: over 100,000 learners and 1,000,000
 * explanations the overview took 0.8 s for 30 days and 8 s for a year, counting distinct learners
 * over the explanations and grouping every account by its sign-up day):
 * - explanation_days: explanations by UTC day and provider;
 * - learner_days: who explained something on which day, and active_days: how many did a day;
 * - learner_last_days: each learner's last day with an explanation, so the distinct learners of
 *   "the last N days" are a count of the learners whose last day is within them;
 * - signup_days: accounts opened a day (their sum is every account: none is ever deleted, a
 *   deleted one stays as an anonymous row).
 * The database keeps them itself, in the statement that stores the row: a trigger (per row on
 * SQLite, per statement over its new rows on PostgreSQL), so every way of storing one (the
 * batched writes, a paid answer's transaction, a sign-up) counts, exactly once, or not at all
 * when the statement fails.
 * Nothing lowers them: a deleted explanation stays counted, and a deleted account's days are
 * moved to an id of their own that names nobody (explain-activity.repository.ts).
 * The index the overview read explanations through (0018) is no longer read; it goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('explanation_days')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('explanations', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('explanation_days_pk', ['day', 'provider'])
    .execute();
  await db.schema
    .createTable('learner_days')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('learner_days_pk', ['day', 'user_id'])
    .execute();
  await db.schema
    .createIndex('learner_days_user_idx')
    .on('learner_days')
    .column('user_id')
    .execute();
  await db.schema
    .createTable('active_days')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('learners', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('learner_last_days')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('day', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('learner_last_days_day_idx')
    .on('learner_last_days')
    .column('day')
    .execute();

  await db.schema
    .createTable('signup_days')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('sign_ups', 'integer', (c) => c.notNull())
    .execute();

  // The triggers first: on PostgreSQL creating one locks out writers to explanations until this
  // migration commits, so the backfill below reads every row stored before, and no row is
  // counted by both.
  if (sqlite) {
    await sql`create trigger explanations_rollup after insert on explanations begin
      insert into explanation_days (day, provider, explanations)
        values (substr(new.created_at, 1, 10), new.provider, 1)
        on conflict (day, provider) do update set explanations = explanations + 1;
      insert into learner_days (day, user_id) values (substr(new.created_at, 1, 10), new.user_id)
        on conflict do nothing;
      insert into learner_last_days (user_id, day) values (new.user_id, substr(new.created_at, 1, 10))
        on conflict (user_id) do update set day = excluded.day
        where excluded.day > learner_last_days.day;
    end`.execute(db);
    // Fires only for a learner's first row of a day: "do nothing" inserts none.
    await sql`create trigger learner_days_count after insert on learner_days begin
      insert into active_days (day, learners) values (new.day, 1)
        on conflict (day) do update set learners = learners + 1;
    end`.execute(db);
    await sql`create trigger users_signup_days after insert on users begin
      insert into signup_days (day, sign_ups) values (substr(new.created_at, 1, 10), 1)
        on conflict (day) do update set sign_ups = sign_ups + 1;
    end`.execute(db);
  } else {
    // Rows in a fixed order, so two statements lock the rows they share in the same order.
    await sql`create function explanations_rollup() returns trigger language plpgsql as $$
    begin
      insert into explanation_days (day, provider, explanations)
        select substr(created_at, 1, 10), provider, count(*) from new_rows
        group by 1, 2 order by 1, 2
        on conflict (day, provider) do update
          set explanations = explanation_days.explanations + excluded.explanations;
      with added as (
        insert into learner_days (day, user_id)
          select distinct substr(created_at, 1, 10), user_id from new_rows order by 1, 2
          on conflict do nothing
          returning day)
      insert into active_days (day, learners)
        select day, count(*) from added group by day order by day
        on conflict (day) do update set learners = active_days.learners + excluded.learners;
      insert into learner_last_days (user_id, day)
        select user_id, max(substr(created_at, 1, 10)) from new_rows
        group by user_id order by user_id
        on conflict (user_id) do update set day = excluded.day
          where learner_last_days.day < excluded.day;
      return null;
    end $$`.execute(db);
    await sql`create trigger explanations_rollup after insert on explanations
      referencing new table as new_rows
      for each statement execute function explanations_rollup()`.execute(db);
    await sql`create function users_signup_days() returns trigger language plpgsql as $$
    begin
      insert into signup_days (day, sign_ups)
        select substr(created_at, 1, 10), count(*) from new_rows group by 1 order by 1
        on conflict (day) do update set sign_ups = signup_days.sign_ups + excluded.sign_ups;
      return null;
    end $$`.execute(db);
    await sql`create trigger users_signup_days after insert on users
      referencing new table as new_rows
      for each statement execute function users_signup_days()`.execute(db);
  }

  await sql`insert into explanation_days (day, provider, explanations)
    select substr(created_at, 1, 10), provider, count(*) from explanations group by 1, 2`.execute(
    db,
  );
  await sql`insert into learner_days (day, user_id)
    select substr(created_at, 1, 10), user_id from explanations group by 1, 2`.execute(db);
  if (!sqlite) {
    // The SQLite trigger on learner_days counted them as they went in.
    await sql`insert into active_days (day, learners)
      select day, count(*) from learner_days group by day`.execute(db);
  }
  await sql`insert into learner_last_days (user_id, day)
    select user_id, max(substr(created_at, 1, 10)) from explanations group by user_id`.execute(db);
  await sql`insert into signup_days (day, sign_ups)
    select substr(created_at, 1, 10), count(*) from users group by 1`.execute(db);

  await db.schema.dropIndex('explanations_created_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createIndex('explanations_created_idx')
    .on('explanations')
    .columns(['created_at', 'provider', 'user_id'])
    .execute();
  const on = (table: string) => sql.raw(sqlite ? '' : ` on ${table}`);
  await sql`drop trigger if exists users_signup_days${on('users')}`.execute(db);
  await sql`drop trigger if exists explanations_rollup${on('explanations')}`.execute(db);
  if (sqlite) await sql`drop trigger if exists learner_days_count`.execute(db);
  else {
    await sql`drop function if exists users_signup_days()`.execute(db);
    await sql`drop function if exists explanations_rollup()`.execute(db);
  }
  await db.schema.dropTable('signup_days').execute();
  await db.schema.dropTable('learner_last_days').execute();
  await db.schema.dropTable('active_days').execute();
  await db.schema.dropTable('learner_days').execute();
  await db.schema.dropTable('explanation_days').execute();
}
