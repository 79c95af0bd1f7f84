import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { type FakePhonePeV2, startFakePhonePeV2 } from '../../test/fake-vendors/phonepe-v2.ts';
import { manualClock } from '../../test/manual-clock.ts';
import {
  bearer,
  eventStates,
  newPayment,
  payer,
  paymentStatus,
  phonePeV1App,
  postCallback,
  proCycles,
  units,
  v2Env,
} from './payment-test-helpers.ts';

const PUBLIC_URL = 'https://grasp.example';
const HOUR_MS = 60 * 60_000;

describe.each(TEST_DATABASES)('a PhonePe v2 order paid after it timed out here, on %s', (kind) => {
  // The fake dates its orders' expireAt by the real clock; this one starts there too.
  const clock = manualClock(new Date().toISOString());
  const lines: string[] = [];
  let fake: FakePhonePeV2;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakePhonePeV2();
    t = await buildTestApp(kind, {
      clock,
      logStream: { write: (line) => lines.push(line) },
      env: { ...v2Env(fake, PUBLIC_URL), TEST_CLOCK: 'true', LOG_LEVEL: 'warn' },
    });
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    fake.state.webhookUrl = `${url}/api/payment/callback`;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('honours the COMPLETED webhook: Pro, an invoice, and a warning in the log', async () => {
    const who = await payer(t.app, t.database.db, 'Latecomer');
    const id = await newPayment(t.app, who);
    clock.advance(2 * HOUR_MS); // past expireAt and its grace: reconciliation gives up on it
    await t.app.inject({ method: 'POST', url: '/api/test/jobs/reconcile' });
    expect((await paymentStatus(t.app, who, id)).json()).toMatchObject({ status: 'TIMED_OUT' });

    expect(await fake.finish(id)).toBe(200); // the customer paid after all
    expect((await paymentStatus(t.app, who, id)).json()).toMatchObject({
      status: 'PAYMENT_SUCCESS',
    });
    expect(await units(t.app, who)).toMatchObject({ user: { plan: 'pro' }, available_units: 299 });
    const invoices = await t.app.inject({
      method: 'GET',
      url: '/api/billing/invoices',
      headers: bearer(who.token),
    });
    expect(invoices.json<{ invoices: unknown[] }>().invoices).toHaveLength(1);
    expect(await eventStates(t.database.db, id)).toEqual([
      'initiate:PAYMENT_PENDING',
      'reconcile:TIMED_OUT',
      'webhook:PAYMENT_SUCCESS',
      'webhook:UPGRADED',
    ]);
    const warnings = lines.map((l) => JSON.parse(l)).filter((l) => l.merchantTransactionId === id);
    expect(warnings).toEqual([expect.objectContaining({ level: 40 })]);

    // A replay changes nothing more.
    expect(await fake.finish(id)).toBe(200);
    expect(await proCycles(t.database.db, who.userId)).toBe(1);
  });

  it('keeps a timed-out order failed when PhonePe says it failed', async () => {
    const who = await payer(t.app, t.database.db, 'Abandoned');
    const id = await newPayment(t.app, who);
    clock.advance(2 * HOUR_MS);
    await t.app.inject({ method: 'POST', url: '/api/test/jobs/reconcile' });
    expect(await fake.finish(id, 'FAILED')).toBe(200);
    expect((await paymentStatus(t.app, who, id)).json()).toMatchObject({ status: 'TIMED_OUT' });
    expect((await units(t.app, who)).user.plan).toBe('free');
  });
});

describe.each(TEST_DATABASES)('PhonePe v1 callbacks on %s', (kind) => {
  const t = phonePeV1App(kind, PUBLIC_URL);

  it('upgrade only once the status API confirms what the callback says', async () => {
    const who = await payer(t.app, t.database.db, 'Vikram');
    const id = await newPayment(t.app, who);
    // Signed with the salt key, but PhonePe itself still holds the payment as pending.
    const claimed = t.fake.callback(id, 'PAYMENT_SUCCESS');
    expect((await postCallback(t.app, claimed)).statusCode).toBe(200);
    expect(t.fake.requests.some((r) => r.path.endsWith(`/pg/v1/status/PGTESTMERCHANT/${id}`))).toBe(
      true,
    );
    expect(await proCycles(t.database.db, who.userId)).toBe(0);
    expect(await eventStates(t.database.db, id)).toEqual(['initiate:PAYMENT_PENDING']);

    t.fake.settle(id, 'PAYMENT_SUCCESS');
    expect((await postCallback(t.app, claimed)).statusCode).toBe(200);
    expect(await units(t.app, who)).toMatchObject({ user: { plan: 'pro' }, available_units: 299 });
    expect(await eventStates(t.database.db, id)).toEqual([
      'callback:PAYMENT_SUCCESS',
      'callback:UPGRADED',
      'initiate:PAYMENT_PENDING',
    ]);
  });

  it('takes a failure from the status API, not from a callback claiming success', async () => {
    const who = await payer(t.app, t.database.db, 'Declined');
    const id = await newPayment(t.app, who);
    t.fake.settle(id, 'PAYMENT_DECLINED');
    expect((await postCallback(t.app, t.fake.callback(id, 'PAYMENT_SUCCESS'))).statusCode).toBe(
      200,
    );
    expect((await paymentStatus(t.app, who, id)).json().status).toBe('PAYMENT_DECLINED');
    expect(await proCycles(t.database.db, who.userId)).toBe(0);
  });
});
