import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeV2Gateway, v2Env } from '../../features/billing/payment-test-helpers.ts';
import { TEST_DATABASES } from '../databases.ts';
import { type FakePhonePeV2, startFakePhonePeV2 } from '../fake-vendors/phonepe-v2.ts';
import { REDIS_AVAILABLE } from '../redis.ts';
import { userRow } from '../user-row.ts';
import { type Cluster, type Instance, startCluster } from './instances.ts';

const runs = REDIS_AVAILABLE && TEST_DATABASES.includes('postgres');
const COUNT = 100;

describe.skipIf(!runs)('tax invoice numbers with two instances on one PostgreSQL', () => {
  let fake: FakePhonePeV2;
  let cluster: Cluster;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    fake = await startFakePhonePeV2();
    cluster = await startCluster({ env: v2Env(fake, 'https://grasp.example') });
    [a, b] = cluster.instances as [Instance, Instance];
  });
  afterAll(async () => {
    await cluster?.close();
    await fake?.close();
  });

  it('gives 100 concurrent successful payments 100 distinct, consecutive numbers', async () => {
    const db = a.database.db;
    const ids = Array.from({ length: COUNT }, (_, i) => `GRASP_scale_${i}`);
    const now = new Date().toISOString();
    await db
      .insertInto('users')
      .values(ids.map((_, i) => userRow(`u-scale-${i}`, `Scale${i}`)))
      .execute();
    await db
      .insertInto('payments')
      .values(
        ids.map((id, i) => ({
          merchant_transaction_id: id,
          user_id: `u-scale-${i}`,
          gateway: 'phonepe',
          product_id: 'pro_plan',
          amount_paise: 9900,
          state: 'PAYMENT_PENDING',
          gateway_transaction_id: null,
          upgraded_at: null,
          buyer_state: i % 2 === 0 ? '29' : null,
          next_check_at: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    // The orders exist at PhonePe and are paid; their webhooks reach both instances at once.
    const gateway = fakeV2Gateway(fake);
    for (const id of ids) {
      await gateway.pay({
        merchantTransactionId: id,
        merchantUserId: 'u',
        amountPaise: 9900,
        redirectUrl: 'https://grasp.example/payment-status',
        callbackUrl: 'https://grasp.example/api/payment/callback',
      });
      fake.settle(id, 'COMPLETED');
    }
    const statuses = await Promise.all(
      ids.map(async (id, i) => {
        const res = await fetch(`${(i % 2 === 0 ? a : b).url}/api/payment/callback`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: fake.webhookAuthorization },
          body: JSON.stringify({
            event: 'checkout.order.completed',
            payload: { merchantOrderId: id, state: 'COMPLETED', amount: 9900 },
          }),
        });
        return res.status;
      }),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);

    const invoices = await db
      .selectFrom('invoices')
      .select(['sequence', 'financial_year'])
      .execute();
    expect(invoices).toHaveLength(COUNT);
    expect(new Set(invoices.map((i) => i.financial_year)).size).toBe(1);
    const numbers = invoices.map((i) => i.sequence).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: COUNT }, (_, i) => i + 1));
  });
});
