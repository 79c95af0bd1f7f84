import { createHash } from 'node:crypto';
import { paymentMessages } from '@grasp/contract';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../../test/databases.ts';
import {
  eventStates,
  initiate,
  newPayment,
  type Payer,
  payer,
  paymentStatus,
  phonePeV1App,
  postCallback,
  proCycles,
  units,
} from './payment-test-helpers.ts';

const PUBLIC_URL = 'https://grasp.example';

describe.each(TEST_DATABASES)('payments through PhonePe (fake) on %s', (kind) => {
  const t = phonePeV1App(kind, PUBLIC_URL);
  let who: Payer;

  beforeAll(async () => {
    who = await payer(t.app, t.database.db, 'Priya');
  });
  beforeEach(() => {
    t.fake.down = false;
  });

  it('sends a checksum-signed pay request and returns PhonePe’s pay page', async () => {
    const res = await initiate(t.app, who);
    expect(res.statusCode).toBe(200);
    const { merchantTransactionId: id, redirectUrl } = res.json();
    expect(redirectUrl).toBe(`${new URL(t.fake.baseURL).origin}/pay-page/${id}`);

    const sent = t.fake.requests.find((r) => r.path.endsWith('/pg/v1/pay'));
    const encoded = (sent?.body as { request?: string } | undefined)?.request;
    const expected = createHash('sha256')
      .update(`${encoded}/pg/v1/pay${t.fake.saltKey}`)
      .digest('hex');
    expect(sent?.headers['x-verify']).toBe(`${expected}###${t.fake.saltIndex}`);
    expect(t.fake.payload(id)).toEqual({
      merchantId: t.fake.merchantId,
      merchantTransactionId: id,
      merchantUserId: who.userId.replaceAll('-', ''),
      amount: 9900,
      redirectUrl: `${PUBLIC_URL}/payment-status?merchantTransactionId=${id}`,
      redirectMode: 'REDIRECT',
      callbackUrl: `${PUBLIC_URL}/api/payment/callback`,
      paymentInstrument: { type: 'PAY_PAGE' },
    });
    // No sandbox checkout while a real gateway is configured.
    const page = await t.app.inject({ method: 'GET', url: `/api/payment/sandbox/checkout/${id}` });
    expect(page.statusCode).toBe(404);
  });

  it('asks PhonePe’s status API while pending, then upgrades on its success', async () => {
    const id = await newPayment(t.app, who);
    const pending = await paymentStatus(t.app, who, id);
    expect(pending.json()).toMatchObject({ status: 'PAYMENT_PENDING', success: false });
    const check = t.fake.requests.findLast((r) => r.path.includes('/pg/v1/status/'));
    expect(check?.method).toBe('GET');
    expect(check?.headers['x-merchant-id']).toBe(t.fake.merchantId);

    t.fake.settle(id, 'PAYMENT_SUCCESS');
    const done = await paymentStatus(t.app, who, id);
    expect(done.json()).toMatchObject({ status: 'PAYMENT_SUCCESS', success: true });
    expect(await units(t.app, who)).toMatchObject({ user: { plan: 'pro' }, available_units: 299 });
    // A final state is not asked about again.
    const checks = t.fake.requests.filter((r) => r.path.includes(id)).length;
    await paymentStatus(t.app, who, id);
    expect(t.fake.requests.filter((r) => r.path.includes(id))).toHaveLength(checks);
  });

  it('verifies PhonePe’s callback checksum before it counts', async () => {
    const other = await payer(t.app, t.database.db, 'Ravi');
    const id = await newPayment(t.app, other);
    t.fake.settle(id, 'PAYMENT_SUCCESS');
    const genuine = t.fake.callback(id);
    const forged = { body: genuine.body, xVerify: `${'0'.repeat(64)}###1` };
    expect((await postCallback(t.app, forged)).statusCode).toBe(401);
    expect(await proCycles(t.database.db, other.userId)).toBe(0);

    expect((await postCallback(t.app, genuine)).statusCode).toBe(200);
    expect((await postCallback(t.app, genuine)).statusCode).toBe(200);
    expect(await proCycles(t.database.db, other.userId)).toBe(1);
    expect(await eventStates(t.database.db, id)).toEqual([
      'callback:PAYMENT_SUCCESS',
      'callback:UPGRADED',
      'initiate:PAYMENT_PENDING',
    ]);
  });

  it('records declines and wrong amounts without upgrading', async () => {
    const dev = await payer(t.app, t.database.db, 'Dev');
    const declined = await newPayment(t.app, dev);
    t.fake.settle(declined, 'PAYMENT_DECLINED');
    expect((await postCallback(t.app, t.fake.callback(declined))).statusCode).toBe(200);
    expect((await paymentStatus(t.app, dev, declined)).json()).toMatchObject({
      status: 'PAYMENT_DECLINED',
      message: paymentMessages.failed,
    });
    const short = await newPayment(t.app, dev);
    t.fake.settle(short, 'PAYMENT_SUCCESS', 100);
    expect((await paymentStatus(t.app, dev, short)).json().status).toBe('PAYMENT_ERROR');
    expect((await units(t.app, dev)).user.plan).toBe('free');
  });

  it('answers 502 when PhonePe is down, and keeps the payment pending on a failed check', async () => {
    const id = await newPayment(t.app, who);
    t.fake.down = true;
    expect((await paymentStatus(t.app, who, id)).json().status).toBe('PAYMENT_PENDING');
    const res = await initiate(t.app, who);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(paymentMessages.gatewayUnavailable);
    const failed = await t.database.db
      .selectFrom('payments')
      .select('state')
      .where('user_id', '=', who.userId)
      .where('state', '=', 'PAYMENT_ERROR')
      .execute();
    expect(failed).toHaveLength(1);
  });
});
