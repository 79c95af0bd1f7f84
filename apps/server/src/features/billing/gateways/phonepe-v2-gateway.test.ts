import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakePhonePeV2, startFakePhonePeV2 } from '../../../test/fake-vendors/phonepe-v2.ts';
import { fakeV2Gateway } from '../payment-test-helpers.ts';
import type { PhonePeV2Options } from './phonepe-v2-gateway.ts';

describe('PhonePe v2 gateway against the fake', () => {
  let fake: FakePhonePeV2;
  let now = Date.now();
  let seq = 0;
  const gateway = (extra: Partial<PhonePeV2Options> = {}) =>
    fakeV2Gateway(fake, { now: () => now, ...extra });
  const pay = (g: ReturnType<typeof gateway>) =>
    g.pay({
      merchantTransactionId: `GRASP_unit_${++seq}`,
      merchantUserId: 'u1',
      amountPaise: 9900,
      redirectUrl: 'http://localhost/payment-status',
      callbackUrl: 'http://localhost/api/payment/callback',
    });

  beforeAll(async () => {
    fake = await startFakePhonePeV2();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.state.tokenRequests = 0;
    now = Date.now();
  });

  it('makes one token request for 50 concurrent payments and reuses it', async () => {
    const g = gateway();
    const results = await Promise.all(Array.from({ length: 50 }, () => pay(g)));
    expect(results.every((r) => r.redirectUrl.startsWith(fake.origin))).toBe(true);
    await pay(g);
    expect(fake.state.tokenRequests).toBe(1);
  });

  it('fetches a new token shortly before expires_at, once', async () => {
    const g = gateway();
    await pay(g);
    now += 3600_000 - 120_000;
    await pay(g);
    expect(fake.state.tokenRequests).toBe(1);
    now += 100_000; // 20 s before expiry: inside the refresh margin
    await Promise.all([pay(g), pay(g), pay(g)]);
    expect(fake.state.tokenRequests).toBe(2);
  });

  it('fetches a new token when PhonePe stops taking the old one mid-run', async () => {
    const g = gateway();
    await pay(g);
    fake.expireTokens();
    await pay(g);
    expect(fake.state.tokenRequests).toBe(2);
  });

  it('reads order status, and refunds through their own status API', async () => {
    const g = gateway();
    const id = `GRASP_unit_${++seq}`;
    await g.pay({
      merchantTransactionId: id,
      merchantUserId: 'u1',
      amountPaise: 9900,
      redirectUrl: 'http://localhost/payment-status',
      callbackUrl: 'http://localhost/api/payment/callback',
    });
    expect((await g.checkStatus(id)).status).toBe('PAYMENT_PENDING');
    fake.settle(id, 'COMPLETED');
    expect(await g.checkStatus(id)).toMatchObject({ status: 'PAYMENT_SUCCESS', amountPaise: 9900 });
    expect((await g.checkStatus('GRASP_never')).code).toBe('ORDER_NOT_FOUND');
    const refund = await g.refund?.({
      merchantRefundId: `R_${id}`,
      merchantTransactionId: id,
      amountPaise: 9900,
    });
    expect(refund?.state).toBe('PENDING');
    fake.completeRefund(`R_${id}`);
    expect((await g.refundStatus?.(`R_${id}`))?.state).toBe('COMPLETED');
  });

  it('accepts a webhook only with SHA256(username:password) in Authorization', () => {
    const g = gateway();
    const body = {
      event: 'checkout.order.completed',
      payload: { merchantOrderId: 'X', state: 'COMPLETED' },
    };
    expect(() => g.verifyCallback({ body, xVerify: undefined })).toThrow(/signature/);
    expect(() =>
      g.verifyCallback({ body, xVerify: undefined, authorization: 'a'.repeat(64) }),
    ).toThrow(/signature/);
    expect(
      g.verifyCallback({ body, xVerify: undefined, authorization: fake.webhookAuthorization }),
    ).toEqual({
      kind: 'order',
      event: 'checkout.order.completed',
      merchantTransactionId: 'X',
      claimedState: 'COMPLETED',
    });
  });

  it('refuses a payment when the token endpoint refuses the credentials', async () => {
    await expect(pay(gateway({ clientSecret: 'wrong' }))).rejects.toThrow(/provider/);
  });
});
