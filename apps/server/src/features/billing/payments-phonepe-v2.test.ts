import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../config/config.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { manualClock } from '../../test/manual-clock.ts';
import { createBillingService } from './billing.service.ts';
import {
  bearer,
  eventStates,
  fakeV2Gateway,
  initiate,
  newPayment,
  type Payer,
  payer,
  paymentStatus,
  phonePeV2App,
  postWebhook,
  proCycles,
  silentLog,
  TEST_SECRETS,
  units,
  v2Env,
} from './payment-test-helpers.ts';
import { createUsageService } from './usage.service.ts';

const PUBLIC_URL = 'https://grasp.example';

describe.each(TEST_DATABASES)('payments through PhonePe v2 (fake) on %s', (kind) => {
  const clock = manualClock('2026-11-23T10:00:00.000Z');
  const t = phonePeV2App(kind, PUBLIC_URL, clock);
  const reconcile = () =>
    t.app.inject({ method: 'POST', url: '/api/test/jobs/reconcile' }).then((r) => r.json());
  const invoices = (who: Payer) =>
    t.app
      .inject({ method: 'GET', url: '/api/billing/invoices', headers: bearer(who.token) })
      .then((r) => r.json<{ invoices: { invoiceId: string; invoiceNumber: string }[] }>().invoices);
  const invoicePage = (who: Payer, invoiceId: string | undefined) =>
    t.app.inject({
      method: 'GET',
      url: `/api/billing/invoices/${invoiceId}`,
      headers: bearer(who.token),
    });
  const paymentsList = (who: Payer) =>
    t.app.inject({ method: 'GET', url: '/api/billing/payments', headers: bearer(who.token) });

  it('pays: the webhook, confirmed by the status API, starts Pro with a CGST + SGST invoice', async () => {
    const who = await payer(t.app, t.database.db, 'Kavya');
    const res = await initiate(t.app, who, { buyerState: '29' });
    expect(res.statusCode).toBe(200);
    const { merchantTransactionId: id, redirectUrl } = res.json<{
      merchantTransactionId: string;
      redirectUrl: string;
    }>();
    expect(redirectUrl).toBe(`${t.fake.origin}/checkout-page/${id}`);
    expect(t.fake.order(id)).toMatchObject({
      amount: 9900,
      redirectUrl: `${PUBLIC_URL}/payment-status?merchantTransactionId=${id}`,
    });

    expect(await t.fake.finish(id)).toBe(200);
    expect(await units(t.app, who)).toMatchObject({ user: { plan: 'pro' }, available_units: 299 });
    expect((await paymentStatus(t.app, who, id)).json()).toMatchObject({
      status: 'PAYMENT_SUCCESS',
    });

    const [invoice] = await invoices(who);
    expect(invoice?.invoiceNumber).toMatch(/^GRASP\/2026-27\/\d{6}$/);
    const page = await invoicePage(who, invoice?.invoiceId);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('29ABCDE1234F1Z5');
    expect(page.body).toContain('CGST @ 9%');
    expect(page.body).toContain('₹83.90');
    expect(page.body).toContain('₹7.55');
    expect(page.body).toContain('₹99.00');

    const stranger = await payer(t.app, t.database.db, 'Stranger');
    const theirs = await invoicePage(stranger, invoice?.invoiceId);
    expect(theirs.statusCode).toBe(404);
    const list = await paymentsList(who);
    expect(list.json()).toMatchObject({
      payments: [
        {
          merchantTransactionId: id,
          status: 'PAYMENT_SUCCESS',
          refund: null,
          invoice: { invoiceId: invoice?.invoiceId },
        },
      ],
    });
  });

  it('charges IGST when the buyer gives no state', async () => {
    const who = await payer(t.app, t.database.db, 'Ishaan');
    await t.fake.finish(await newPayment(t.app, who));
    const [invoice] = await invoices(who);
    const page = await invoicePage(who, invoice?.invoiceId);
    expect(page.body).toContain('IGST @ 18%');
    expect(page.body).toContain('₹15.10');
  });

  it('records a failed payment without a plan or an invoice', async () => {
    const who = await payer(t.app, t.database.db, 'Farhan');
    const id = await newPayment(t.app, who);
    await t.fake.finish(id, 'FAILED');
    expect((await paymentStatus(t.app, who, id)).json()).toMatchObject({ status: 'PAYMENT_ERROR' });
    expect((await units(t.app, who)).user.plan).toBe('free');
    expect(await invoices(who)).toEqual([]);
  });

  it('changes nothing for bad webhooks, and logs and answers each', async () => {
    const who = await payer(t.app, t.database.db, 'Bhavna');
    const id = await newPayment(t.app, who);
    const completed = {
      event: 'checkout.order.completed',
      payload: { merchantOrderId: id, state: 'COMPLETED', amount: 9900 },
    };
    expect((await postWebhook(t.app, completed, undefined)).statusCode).toBe(401);
    expect((await postWebhook(t.app, completed, 'f'.repeat(64))).statusCode).toBe(401);
    // Authentic, but PhonePe's status API still says PENDING: the claim alone counts for nothing.
    expect((await postWebhook(t.app, completed, t.fake.webhookAuthorization)).statusCode).toBe(200);
    const unknown = {
      event: 'checkout.order.completed',
      payload: { merchantOrderId: 'GRASP_nobody', state: 'COMPLETED' },
    };
    expect((await postWebhook(t.app, unknown, t.fake.webhookAuthorization)).statusCode).toBe(200);
    expect((await paymentStatus(t.app, who, id)).json()).toMatchObject({
      status: 'PAYMENT_PENDING',
    });

    // Paid; then the same webhook again and a late "failed" for the same order.
    await t.fake.finish(id);
    const failed = {
      event: 'checkout.order.failed',
      payload: { merchantOrderId: id, state: 'FAILED' },
    };
    for (const body of [completed, failed]) {
      expect((await postWebhook(t.app, body, t.fake.webhookAuthorization)).statusCode).toBe(200);
    }
    expect((await paymentStatus(t.app, who, id)).json()).toMatchObject({
      status: 'PAYMENT_SUCCESS',
    });
    expect(await proCycles(t.database.db, who.userId)).toBe(1);
    expect(await invoices(who)).toHaveLength(1);
    expect(await eventStates(t.database.db, id)).toEqual([
      'initiate:PAYMENT_PENDING',
      'webhook:PAYMENT_SUCCESS',
      'webhook:UPGRADED',
    ]);
  });

  it('does not take an amount that differs from the plan', async () => {
    const who = await payer(t.app, t.database.db, 'Mohan');
    const id = await newPayment(t.app, who);
    await t.fake.finish(id, 'COMPLETED', 100);
    expect((await paymentStatus(t.app, who, id)).json()).toMatchObject({ status: 'PAYMENT_ERROR' });
    expect((await units(t.app, who)).user.plan).toBe('free');
    expect(await invoices(who)).toEqual([]);
  });

  it('finishes a payment whose tab was closed: reconciliation asks once it has been pending long', async () => {
    const who = await payer(t.app, t.database.db, 'Tara');
    const id = await newPayment(t.app, who);
    t.fake.settle(id, 'COMPLETED'); // paid, but neither the browser nor the webhook came back
    expect(await reconcile()).toMatchObject({ settled: 0 });
    clock.advance(6 * 60_000);
    expect(await reconcile()).toMatchObject({ settled: 1 });
    expect((await units(t.app, who)).user.plan).toBe('pro');
    expect(await eventStates(t.database.db, id)).toContain('reconcile:UPGRADED');
  });

  it('leaves a payment the gateway never answered for reconciliation, never charged without a plan', async () => {
    const slow = fakeV2Gateway(t.fake, { timeoutMs: 150 });
    const impatient: FastifyInstance = (
      await buildTestApp(kind, {
        database: t.database,
        clock,
        paymentGateway: slow,
        env: { ...v2Env(t.fake, PUBLIC_URL), TEST_CLOCK: 'true' },
      })
    ).app;
    try {
      const who = await payer(impatient, t.database.db, 'Ravi');
      await slow.checkStatus('GRASP_warm_token'); // the token, before the fake slows down
      t.fake.state.latencyMs = 400;
      const res = await initiate(impatient, who);
      t.fake.state.latencyMs = 0;
      expect(res.statusCode).toBe(502);
      const [row] = await t.database.db
        .selectFrom('payments')
        .selectAll()
        .where('user_id', '=', who.userId)
        .execute();
      expect(row?.state).toBe('PAYMENT_PENDING');
      await waitUntil(() => t.fake.order(row?.merchant_transaction_id ?? '') !== undefined);
      t.fake.settle(row?.merchant_transaction_id ?? '', 'COMPLETED');
      clock.advance(6 * 60_000);
      await impatient.inject({ method: 'POST', url: '/api/test/jobs/reconcile' });
      expect((await units(impatient, who)).user.plan).toBe('pro');
    } finally {
      await impatient.close();
    }
  });

  // The operator's command runs in its own process: its own billing service on the same data.
  const operator = () =>
    createBillingService({
      db: t.database.db,
      clock,
      config: parseEnv({ NODE_ENV: 'test', ...v2Env(t.fake, PUBLIC_URL) }),
      secret: TEST_SECRETS.jwtSecret,
      usage: createUsageService({ db: t.database.db, clock }),
      mailer: { send: async () => undefined },
      log: silentLog,
    });
  /** Refunds a payment through the operator's command and lets PhonePe's webhook complete it. */
  async function refundCompleted(admin: ReturnType<typeof operator>, id: string): Promise<void> {
    expect(await admin.refunds.refund(id)).toMatchObject({ kind: 'started', state: 'PENDING' });
    const [refund] = t.fake.refunds().filter((r) => r.originalMerchantOrderId === id);
    expect(await t.fake.finishRefund(refund?.merchantRefundId ?? '')).toBe(200);
  }
  const paymentRows = (who: Payer) =>
    t.app
      .inject({ method: 'GET', url: '/api/billing/payments', headers: bearer(who.token) })
      .then((r) =>
        r.json<{ payments: { merchantTransactionId: string; refund: string | null }[] }>(),
      );
  const downgrades = async (id: string) =>
    (await eventStates(t.database.db, id)).filter((s) => s.endsWith('DOWNGRADED'));

  it('refunds once: a second refund is refused, the webhook completes it, the plan falls back to Free once', async () => {
    const who = await payer(t.app, t.database.db, 'Refunded');
    const id = await newPayment(t.app, who);
    await t.fake.finish(id);
    const admin = operator();
    const [first, second] = await Promise.all([admin.refunds.refund(id), admin.refunds.refund(id)]);
    const outcomes = [first, second].map((o) => o?.kind).sort();
    expect(outcomes).toEqual(['refused', 'started']);
    expect(t.fake.refunds().filter((r) => r.originalMerchantOrderId === id)).toHaveLength(1);
    expect((await units(t.app, who)).user.plan).toBe('pro');

    const [refund] = t.fake.refunds().filter((r) => r.originalMerchantOrderId === id);
    expect(await t.fake.finishRefund(refund?.merchantRefundId ?? '')).toBe(200);
    expect(await t.fake.finishRefund(refund?.merchantRefundId ?? '')).toBe(200);
    expect((await units(t.app, who)).user.plan).toBe('free');
    expect((await admin.refunds.refund(id)).kind).toBe('refused');
    const states = await eventStates(t.database.db, id);
    expect(states.filter((s) => s.endsWith('DOWNGRADED'))).toEqual(['webhook:DOWNGRADED']);
    const list = await paymentsList(who);
    expect(list.json()).toMatchObject({ payments: [{ refund: 'COMPLETED' }] });
  });

  it('keeps Pro when the refunded payment is an older one: the renewal funds the cycle; its own refund falls back to Free once', async () => {
    const who = await payer(t.app, t.database.db, 'Renewed');
    const older = await newPayment(t.app, who);
    await t.fake.finish(older);
    clock.advance(HOUR_MS); // renewed early: the renewal's cycle starts later
    const newer = await newPayment(t.app, who);
    await t.fake.finish(newer);
    const admin = operator();

    await refundCompleted(admin, older);
    expect((await units(t.app, who)).user.plan).toBe('pro');
    expect(await proCycles(t.database.db, who.userId)).toBe(2);
    expect(await eventStates(t.database.db, older)).toContain('webhook:REFUND_COMPLETED');
    expect(await downgrades(older)).toEqual([]);
    expect((await paymentRows(who)).payments).toMatchObject([
      { merchantTransactionId: newer, refund: null },
      { merchantTransactionId: older, refund: 'COMPLETED' },
    ]);
    expect(await admin.refunds.refund(older)).toMatchObject({ kind: 'refused' });

    await refundCompleted(admin, newer);
    const [refund] = t.fake.refunds().filter((r) => r.originalMerchantOrderId === newer);
    expect(await t.fake.finishRefund(refund?.merchantRefundId ?? '')).toBe(200); // a replay
    expect((await units(t.app, who)).user.plan).toBe('free');
    expect(await downgrades(newer)).toEqual(['webhook:DOWNGRADED']);
    expect(await downgrades(older)).toEqual([]);
  });

  it('falls back to Free once when the renewal is refunded first: the older refund then changes nothing', async () => {
    const who = await payer(t.app, t.database.db, 'RenewalRefunded');
    const older = await newPayment(t.app, who);
    await t.fake.finish(older);
    clock.advance(HOUR_MS);
    const newer = await newPayment(t.app, who);
    await t.fake.finish(newer);
    const admin = operator();

    await refundCompleted(admin, newer);
    expect((await units(t.app, who)).user.plan).toBe('free');
    await t.database.db
      .updateTable('usage_cycles')
      .set({ units_used: 5 })
      .where('user_id', '=', who.userId)
      .execute();
    await refundCompleted(admin, older);
    expect((await units(t.app, who)).available_units).toBe(94);
    expect(await eventStates(t.database.db, older)).toContain('webhook:REFUND_COMPLETED');
    expect(await downgrades(older)).toEqual([]);
    expect(await downgrades(newer)).toEqual(['webhook:DOWNGRADED']);
  });
});

const HOUR_MS = 60 * 60_000;

async function waitUntil(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i += 1) await new Promise((r) => setTimeout(r, 20));
}
