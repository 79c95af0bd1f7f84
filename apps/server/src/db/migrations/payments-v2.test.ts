import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../../test/databases.ts';
import { migrator, unmigrated } from '../../test/migrations.ts';
import { userRow } from '../../test/user-row.ts';
import type { Database } from '../database.ts';

describe.each(TEST_DATABASES)('migration 0012-payments-v2 on %s', (kind) => {
  let database: Database | undefined;
  afterEach(() => database?.close());

  it('renames the salt-key gateway to phonepe-v1, keeps the payments, and goes back down', async () => {
    database = await unmigrated(kind);
    const { db } = database;
    await migrator(database).migrateTo('0008-distillation-subject-keys');
    await db.insertInto('users').values(userRow('u1', 'Ada')).execute();
    for (const [id, gateway] of [
      ['GRASP_old_v1', 'phonepe'],
      ['GRASP_old_sbx', 'sandbox'],
    ]) {
      await sql`insert into payments (merchant_transaction_id, user_id, gateway, product_id,
        amount_paise, state, gateway_transaction_id, upgraded_at, created_at, updated_at)
        values (${id}, 'u1', ${gateway}, 'pro_plan', 9900, 'PAYMENT_SUCCESS', null, null,
        '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`.execute(db);
    }

    expect((await migrator(database).migrateToLatest()).error).toBeUndefined();
    const rows = await db
      .selectFrom('payments')
      .select(['merchant_transaction_id', 'gateway', 'buyer_state', 'check_attempts'])
      .orderBy('merchant_transaction_id')
      .execute();
    expect(rows).toEqual([
      {
        merchant_transaction_id: 'GRASP_old_sbx',
        gateway: 'sandbox',
        buyer_state: null,
        check_attempts: 0,
      },
      {
        merchant_transaction_id: 'GRASP_old_v1',
        gateway: 'phonepe-v1',
        buyer_state: null,
        check_attempts: 0,
      },
    ]);

    expect(
      (await migrator(database).migrateTo('0008-distillation-subject-keys')).error,
    ).toBeUndefined();
    const back = await sql<{
      gateway: string;
    }>`select gateway from payments order by merchant_transaction_id`.execute(db);
    expect(back.rows.map((r) => r.gateway)).toEqual(['sandbox', 'phonepe']);
  });
});
