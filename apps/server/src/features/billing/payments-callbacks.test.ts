import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../../test/databases.ts';
import { manualClock } from '../../test/manual-clock.ts';
import { encodeBase64Json } from './gateways/gateway-payload.ts';
import { createSandboxLedger } from './gateways/sandbox-ledger.ts';
import {
  billingApp,
  checkout,
  eventStates,
  newPayment,
  type Payer,
  payer,
  paymentStatus,
  postCallback,
  proCycles,
  sandboxSigner,
  spendProUnits,
  units,
} from './payment-test-helpers.ts';

describe.each(TEST_DATABASES)('payment callbacks on %s', (kind) => {
  const clock = manualClock('2026-03-10T08:00:00.000Z');
  const t = billingApp(kind, { clock, env: { RATE_LIMIT_SCALE: '50' } });
  let sign: ReturnType<typeof sandboxSigner>;

  const plan = async (who: Payer) => (await units(t.app, who)).user.plan;

  beforeAll(async () => {
    sign = sandboxSigner(t.database.db, clock);
  });

  it('refuses forged callbacks before changing anything', async () => {
    const who = await payer(t.app, t.database.db, 'Forger');
    const id = await newPayment(t.app, who);
    const genuine = sign({ merchantTransactionId: id });

    const wrongKey = sandboxSigner(
      t.database.db,
      clock,
      'an-attacker-guess-of-the-secret-000',
    )({
      merchantTransactionId: id,
    });
    const tampered = {
      body: { response: encodeBase64Json({ forged: true }) },
      xVerify: genuine.xVerify,
    };
    for (const forged of [wrongKey, tampered, { body: genuine.body, xVerify: undefined }]) {
      const res = await postCallback(t.app, forged);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
    expect((await postCallback(t.app, { body: { nope: 1 }, xVerify: 'x###1' })).statusCode).toBe(
      400,
    );
    expect((await postCallback(t.app, { body: ['text'], xVerify: 'x###1' })).statusCode).toBe(400);

    expect(await plan(who)).toBe('free');
    expect(await eventStates(t.database.db, id)).toEqual(['initiate:PAYMENT_PENDING']);
  });

  it('upgrades once however often a success is replayed, keeping units already used', async () => {
    const who = await payer(t.app, t.database.db, 'Replayer');
    const id = await newPayment(t.app, who);
    const callback = sign({ merchantTransactionId: id });
    expect((await postCallback(t.app, callback)).statusCode).toBe(200);
    await spendProUnits(t.database.db, who.userId, 5);
    clock.advance(60_000);
    for (let i = 0; i < 3; i++) expect((await postCallback(t.app, callback)).statusCode).toBe(200);
    expect((await paymentStatus(t.app, who, id)).json().status).toBe('PAYMENT_SUCCESS');
    expect((await units(t.app, who)).available_units).toBe(294);
    expect(await proCycles(t.database.db, who.userId)).toBe(1);
    expect(await eventStates(t.database.db, id)).toEqual([
      'callback:PAYMENT_SUCCESS',
      'callback:UPGRADED',
      'initiate:PAYMENT_PENDING',
    ]);
  });

  it('upgrades once when callbacks and status checks race for one payment', async () => {
    const who = await payer(t.app, t.database.db, 'Racer');
    const id = await newPayment(t.app, who);
    // The customer paid; the status check can learn it from the gateway as well.
    await createSandboxLedger({ db: t.database.db, clock }).settle(id, 'PAYMENT_SUCCESS', 'SBXR');
    const callback = sign({ merchantTransactionId: id });
    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => postCallback(t.app, callback)),
      ...Array.from({ length: 3 }, () => paymentStatus(t.app, who, id)),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual(Array(9).fill(200));
    expect(await proCycles(t.database.db, who.userId)).toBe(1);
    const states = await eventStates(t.database.db, id);
    expect(states.filter((s) => s.endsWith(':UPGRADED'))).toHaveLength(1);
    expect(states.filter((s) => s.endsWith(':PAYMENT_SUCCESS'))).toHaveLength(1);
    expect((await units(t.app, who)).available_units).toBe(299);
  });

  it('learns a lost callback’s outcome from the gateway’s status API', async () => {
    const who = await payer(t.app, t.database.db, 'Patient');
    const id = await newPayment(t.app, who);
    await createSandboxLedger({ db: t.database.db, clock }).settle(id, 'PAYMENT_SUCCESS', 'SBXL');
    const res = await paymentStatus(t.app, who, id);
    expect(res.json()).toMatchObject({ success: true, status: 'PAYMENT_SUCCESS' });
    expect(await plan(who)).toBe('pro');
    expect(await eventStates(t.database.db, id)).toEqual([
      'initiate:PAYMENT_PENDING',
      'status-check:PAYMENT_SUCCESS',
      'status-check:UPGRADED',
    ]);
  });

  it('does not upgrade on a success for the wrong amount, nor after a failure', async () => {
    const who = await payer(t.app, t.database.db, 'Shortchanged');
    const id = await newPayment(t.app, who);
    expect(
      (await postCallback(t.app, sign({ merchantTransactionId: id, amountPaise: 100 }))).statusCode,
    ).toBe(200);
    expect((await paymentStatus(t.app, who, id)).json().status).toBe('PAYMENT_ERROR');

    const failed = await newPayment(t.app, who);
    await checkout(t.app, failed, 'fail');
    expect((await postCallback(t.app, sign({ merchantTransactionId: failed }))).statusCode).toBe(
      200,
    );
    expect((await paymentStatus(t.app, who, failed)).json().status).toBe('PAYMENT_ERROR');
    expect(await plan(who)).toBe('free');
    expect(await proCycles(t.database.db, who.userId)).toBe(0);
  });

  it('answers 404 to a genuine callback for a transaction it never started', async () => {
    const res = await postCallback(t.app, sign({ merchantTransactionId: 'GRASP_unknown' }));
    expect(res.statusCode).toBe(404);
  });
});
