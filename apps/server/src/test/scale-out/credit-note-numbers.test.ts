import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPin } from '../../features/auth/pin.ts';
import { TEST_DATABASES } from '../databases.ts';
import { REDIS_AVAILABLE } from '../redis.ts';
import { userRow } from '../user-row.ts';
import { type Cluster, type Instance, startCluster } from './instances.ts';

const runs = REDIS_AVAILABLE && TEST_DATABASES.includes('postgres');
const COUNT = 60;
const json = (token?: string) => ({
  'content-type': 'application/json',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

describe.skipIf(!runs)('credit note numbers with two instances on one PostgreSQL', () => {
  let cluster: Cluster;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    cluster = await startCluster({ env: { RATE_LIMIT_SCALE: '100' } });
    [a, b] = cluster.instances as [Instance, Instance];
  });
  afterAll(async () => {
    await cluster?.close();
  });

  /** An admin signed in on one instance, with sudo confirmed on the other. */
  async function signInAdmin(): Promise<string> {
    await a.database.db
      .insertInto('users')
      .values({
        ...userRow('u-root', 'Root'),
        pin_hash: await hashPin('1234'),
        email_verified_at: new Date().toISOString(),
        role: 'admin',
      })
      .execute();
    const login = await fetch(`${a.url}/api/auth/login`, {
      method: 'POST',
      headers: json(),
      body: JSON.stringify({ username: 'Root', password: '1234' }),
    });
    const { token } = (await login.json()) as { token: string };
    const sudo = await fetch(`${b.url}/api/admin/sudo`, {
      method: 'POST',
      headers: json(token),
      body: JSON.stringify({ pin: '1234' }),
    });
    expect(sudo.status).toBe(204);
    return token;
  }

  async function paidWithInvoices(ids: string[]): Promise<void> {
    const db = a.database.db;
    const now = new Date().toISOString();
    await db
      .insertInto('users')
      .values(ids.map((_, i) => userRow(`u-cn-${i}`, `Credit${i}`)))
      .execute();
    await db
      .insertInto('payments')
      .values(
        ids.map((id, i) => ({
          merchant_transaction_id: id,
          user_id: `u-cn-${i}`,
          gateway: 'sandbox',
          product_id: 'pro_plan',
          amount_paise: 9900,
          state: 'PAYMENT_SUCCESS',
          gateway_transaction_id: `SBX_${id}`,
          upgraded_at: now,
          buyer_state: null,
          next_check_at: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await db
      .insertInto('invoices')
      .values(
        ids.map((id, i) => ({
          id: `inv_${String(i).padStart(24, '0')}`,
          financial_year: '2026-27',
          sequence: i + 1,
          invoice_number: `GRASP/2026-27/${String(i + 1).padStart(6, '0')}`,
          merchant_transaction_id: id,
          user_id: `u-cn-${i}`,
          buyer_name: 'Buyer',
          buyer_email: 'buyer@example.com',
          buyer_state: null,
          seller_json: '{"name":"S","address":"A","gstin":null,"stateCode":"29"}',
          taxable_paise: 8390,
          cgst_paise: 0,
          sgst_paise: 0,
          igst_paise: 1510,
          total_paise: 9900,
          issued_at: now,
        })),
      )
      .execute();
  }

  it('gives 60 refunds made at once through both instances 60 consecutive credit notes', async () => {
    const ids = Array.from({ length: COUNT }, (_, i) => `GRASP_cn_${i}`);
    await paidWithInvoices(ids);
    const token = await signInAdmin();

    const statuses = await Promise.all(
      ids.map(async (id, i) => {
        const res = await fetch(`${(i % 2 === 0 ? a : b).url}/api/admin/payments/${id}/refund`, {
          method: 'POST',
          headers: json(token),
          body: JSON.stringify({ reason: 'scale-out test' }),
        });
        return res.status;
      }),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);

    const db = a.database.db;
    const notes = await db
      .selectFrom('credit_notes')
      .select(['sequence', 'financial_year', 'credit_note_number'])
      .execute();
    expect(notes).toHaveLength(COUNT);
    expect(new Set(notes.map((n) => n.financial_year)).size).toBe(1);
    expect(notes.map((n) => n.sequence).sort((x, y) => x - y)).toEqual(
      Array.from({ length: COUNT }, (_, i) => i + 1),
    );
    expect(notes.every((n) => n.credit_note_number.startsWith('GRASP/CN/'))).toBe(true);
    const audited = await db
      .selectFrom('staff_actions')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('action', '=', 'payment.refund')
      .executeTakeFirstOrThrow();
    expect(Number(audited.n)).toBe(COUNT);
  });
});
