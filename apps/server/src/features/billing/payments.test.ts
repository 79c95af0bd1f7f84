import { formatPrice, paymentMessages } from '@grasp/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../../test/databases.ts';
import {
  bearer,
  billingApp,
  checkout,
  eventStates,
  initiate,
  newPayment,
  type Payer,
  payer,
  paymentStatus,
  proCycles,
  units,
} from './payment-test-helpers.ts';

describe.each(TEST_DATABASES)('payments through the sandbox on %s', (kind) => {
  const t = billingApp(kind, {
    env: { RATE_LIMIT_SCALE: '50', SUPPORT_EMAIL: 'help@grasp.test' },
  });
  let alice: Payer;
  let bob: Payer;

  beforeAll(async () => {
    alice = await payer(t.app, t.database.db, 'Alice');
    bob = await payer(t.app, t.database.db, 'Bob');
  });

  it('takes a Pro payment end to end: checkout page, Pay, callback, status, units', async () => {
    const started = await initiate(t.app, alice);
    expect(started.statusCode).toBe(200);
    const { redirectUrl, merchantTransactionId: id, success } = started.json();
    expect(success).toBe(true);
    expect(id).toMatch(/^[A-Za-z0-9_-]{1,34}$/);
    expect(redirectUrl).toBe(`/api/payment/sandbox/checkout/${id}`);

    const page = await t.app.inject({ method: 'GET', url: redirectUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('TEST CHECKOUT — no real money');
    expect(page.body).toContain(formatPrice(99));
    expect(page.body).toContain(`action="/api/payment/sandbox/checkout/${id}"`);
    expect(page.body).toMatch(/name="outcome" value="pay"/);
    expect(page.body).not.toMatch(/<script|onclick=/i);

    const paid = await checkout(t.app, id, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/payment-status?merchantTransactionId=${id}`);

    const status = await paymentStatus(t.app, alice, id);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({
      success: true,
      status: 'PAYMENT_SUCCESS',
      message: paymentMessages.success,
      data: { merchantTransactionId: id, amount: 9900, productId: 'pro_plan', plan: 'pro' },
    });
    const after = await units(t.app, alice);
    expect(after.user.plan).toBe('pro');
    expect(after.available_units).toBe(299);
    expect(await eventStates(t.database.db, id)).toEqual([
      'callback:PAYMENT_SUCCESS',
      'callback:UPGRADED',
      'initiate:PAYMENT_PENDING',
    ]);
  });

  it('refuses a tampered amount, another product and somebody else’s userId', async () => {
    const cheap = await initiate(t.app, bob, { amount: 100 });
    expect(cheap.statusCode).toBe(400);
    expect(cheap.json().message).toBe(paymentMessages.amountMismatch);
    const product = await initiate(t.app, bob, { productId: 'enterprise_plan' });
    expect(product.statusCode).toBe(400);
    const other = await initiate(t.app, bob, { userId: alice.userId });
    expect(other.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/payment/initiate',
      payload: { amount: 9900, userId: bob.userId, redirectUrl: '/payment-status' },
    });
    expect(anonymous.statusCode).toBe(401);
    const rows = await t.database.db
      .selectFrom('payments')
      .select('merchant_transaction_id')
      .where('user_id', '=', bob.userId)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it.each([
    ['fail', 'PAYMENT_ERROR', paymentMessages.failed],
    ['cancel', 'PAYMENT_CANCELLED', paymentMessages.cancelled],
  ] as const)('upgrades nobody when the customer chooses %s', async (outcome, status, message) => {
    const id = await newPayment(t.app, bob);
    expect((await checkout(t.app, id, outcome)).statusCode).toBe(303);
    const res = await paymentStatus(t.app, bob, id);
    expect(res.json()).toMatchObject({ success: false, status, message });
    expect((await units(t.app, bob)).user.plan).toBe('free');
    expect(await proCycles(t.database.db, bob.userId)).toBe(0);
    // The outcome is final: pressing Pay afterwards changes nothing.
    expect((await checkout(t.app, id, 'pay')).statusCode).toBe(303);
    expect((await paymentStatus(t.app, bob, id)).json().status).toBe(status);
    const page = await t.app.inject({ method: 'GET', url: `/api/payment/sandbox/checkout/${id}` });
    expect(page.body).toContain('already been completed');
  });

  it('hides another user’s transaction and unknown ones', async () => {
    const id = await newPayment(t.app, alice);
    expect((await paymentStatus(t.app, bob, id)).statusCode).toBe(404);
    expect((await paymentStatus(t.app, bob, 'GRASP_nope')).statusCode).toBe(404);
    expect((await paymentStatus(t.app, bob, 'bad id!')).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/payment/status/${id}` });
    expect(anonymous.statusCode).toBe(401);
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/payment/sandbox/checkout/GRASP_x',
    });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('TEST CHECKOUT');
  });

  it('reports a pending payment as pending until the customer chooses', async () => {
    const id = await newPayment(t.app, bob);
    const res = await paymentStatus(t.app, bob, id);
    expect(res.json()).toMatchObject({
      success: false,
      status: 'PAYMENT_PENDING',
      message: paymentMessages.pending,
    });
  });

  it('refuses Enterprise users a Pro payment, which would downgrade them', async () => {
    const carol = await payer(t.app, t.database.db, 'Carol');
    await t.database.db
      .updateTable('users')
      .set({ plan: 'enterprise' })
      .where('id', '=', carol.userId)
      .execute();
    const res = await initiate(t.app, carol);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(paymentMessages.alreadyIncluded);
  });

  it('tells the pricing page which checkout it opens and whom to contact', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payment/config' });
    expect(res.json()).toEqual({
      gateway: 'sandbox',
      supportEmail: 'help@grasp.test',
      supportPhone: '+91 98765 43210',
    });
  });

  it('answers a bad outcome with 400 and the usual error body', async () => {
    const id = await newPayment(t.app, bob);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/payment/sandbox/checkout/${id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...bearer(bob.token) },
      payload: 'outcome=steal',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });
});
