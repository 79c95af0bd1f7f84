import type { Kysely } from 'kysely';

/**
 * Reminders (DESIGN.md §11): each user's notification settings, their devices' push
 * subscriptions, and one claim row per user and local day, written before a reminder is sent so
 * that however many instances run, a reminder goes at most once a day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notification_settings')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('email', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('push', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hour', 'integer', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The job asks for the users of a few zones at one hour.
  await db.schema
    .createIndex('notification_settings_zone_hour_idx')
    .on('notification_settings')
    .columns(['timezone', 'hour', 'user_id'])
    .execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('push_subscriptions_user_idx')
    .on('push_subscriptions')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('reminder_claims')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The user's local date (YYYY-MM-DD) the reminder is for.
    .addColumn('day', 'text', (c) => c.notNull())
    // sending → sent | failed; failed → sending again later that day (see reminders.service.ts).
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('due', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('reminder_claims_user_day_key', ['user_id', 'day'])
    .execute();
  await db.schema
    .createIndex('reminder_claims_state_idx')
    .on('reminder_claims')
    .columns(['state', 'updated_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reminder_claims').ifExists().execute();
  await db.schema.dropTable('push_subscriptions').ifExists().execute();
  await db.schema.dropTable('notification_settings').ifExists().execute();
}
