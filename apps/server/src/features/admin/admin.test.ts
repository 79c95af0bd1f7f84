import type {
  AdminAuditResponse,
  AdminPayment,
  AdminUserDetail,
  PaymentListResponse,
} from '@grasp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { checkout, newPayment } from '../billing/payment-test-helpers.ts';
import {
  adminGet,
  adminPost,
  bearer,
  login,
  type Person,
  person,
  sudo,
} from './admin-test-helpers.ts';

const READS = [
  '/api/admin/me',
  '/api/admin/overview?days=7',
  '/api/admin/users',
  '/api/admin/users/someone',
  '/api/admin/payments',
  '/api/admin/invoices',
  '/api/admin/audit',
];
const WRITES: [string, unknown][] = [
  ['/api/admin/users/someone/plan', { plan: 'pro', reason: 'r' }],
  ['/api/admin/users/someone/units', { units: 5, reason: 'r' }],
  ['/api/admin/users/someone/sessions/revoke', { reason: 'r' }],
  ['/api/admin/users/someone/disable', { reason: 'r' }],
  ['/api/admin/users/someone/enable', { reason: 'r' }],
  ['/api/admin/payments/GRASP_x/refund', { reason: 'r' }],
  ['/api/admin/payments/GRASP_x/reconcile', {}],
];

describe.each(TEST_DATABASES)('operator console on %s', (kind) => {
  let t: TestApp;
  let root: Person;
  let helper: Person;
  let learner: Person;

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { RATE_LIMIT_SCALE: '50' } });
    const db = t.database.db;
    root = await person(t.app, db, 'Root', 'admin');
    helper = await person(t.app, db, 'Helper', 'support');
    learner = await person(t.app, db, 'Learner');
  }, 120_000);
  afterAll(() => t.close());

  const detailOf = async (id: string) =>
    (await adminGet(t.app, root, `/api/admin/users/${id}`)).json<AdminUserDetail>();
  const auditOf = async (target: string) =>
    (await adminGet(t.app, root, `/api/admin/audit?target=${target}`)).json<AdminAuditResponse>()
      .entries;

  it('answers 404 to learners and to the signed out, on every route, before validating', async () => {
    for (const who of [null, learner]) {
      for (const url of READS) {
        const res = await adminGet(t.app, who, url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json().code).toBe('NOT_FOUND');
      }
      for (const [url] of WRITES) {
        // A body that would not validate: still 404, so the console's shape is not revealed.
        const res = await adminPost(t.app, who, url, { nonsense: true });
        expect(res.statusCode, url).toBe(404);
      }
      expect((await adminPost(t.app, who, '/api/admin/sudo', { pin: '1234' })).statusCode).toBe(
        404,
      );
    }
  });

  it('lets support read and refuses its changes with 403 FORBIDDEN, sudo or not', async () => {
    for (const url of READS.filter((u) => !u.includes('someone'))) {
      expect((await adminGet(t.app, helper, url)).statusCode, url).toBe(200);
    }
    expect((await sudo(t.app, helper)).statusCode).toBe(204);
    for (const [url, body] of WRITES) {
      const res = await adminPost(t.app, helper, url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
  });

  it('needs sudo for an admin change; a wrong PIN is 401 and counts as a failed sign-in', async () => {
    const res = await adminPost(t.app, root, `/api/admin/users/${learner.id}/units`, {
      units: 5,
      reason: 'goodwill',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('SUDO_REQUIRED');
    const wrong = await sudo(t.app, root, '9999');
    expect(wrong.statusCode).toBe(401);
    // Counted for this session: strangers guessing the username never keep an admin from sudo.
    const failures = await t.database.db
      .selectFrom('login_failures')
      .select('id')
      .where('key', 'like', `session:${root.id}:%`)
      .execute();
    expect(failures).toHaveLength(1);
    expect((await sudo(t.app, root)).statusCode).toBe(204);
    const me = await adminGet(t.app, root, '/api/admin/me');
    expect(me.json()).toMatchObject({ username: 'Root', role: 'admin' });
    expect(me.json().sudoUntil).toEqual(expect.any(String));
  });

  it('refuses a change without a reason (400)', async () => {
    await sudo(t.app, root);
    for (const body of [{ plan: 'pro' }, { plan: 'pro', reason: '   ' }]) {
      const res = await adminPost(t.app, root, `/api/admin/users/${learner.id}/plan`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^reason/);
    }
  });

  it('changes the plan and grants units, each with its audit row', async () => {
    await sudo(t.app, root);
    const plan = await adminPost(t.app, root, `/api/admin/users/${learner.id}/plan`, {
      plan: 'pro',
      reason: 'Paid by bank transfer',
    });
    expect(plan.statusCode).toBe(200);
    expect(plan.json<AdminUserDetail>().user.plan).toBe('pro');
    expect(plan.json<AdminUserDetail>().cycle).toMatchObject({ plan: 'pro', unitLimit: 299 });

    const units = await adminPost(t.app, root, `/api/admin/users/${learner.id}/units`, {
      units: 25,
      reason: 'Outage on Monday',
    });
    expect(units.statusCode).toBe(200);
    expect(units.json<AdminUserDetail>().cycle?.unitLimit).toBe(324);

    const entries = await auditOf('Learner');
    expect(entries.map((e) => e.action).slice(0, 2)).toEqual(['user.units', 'user.plan']);
    expect(entries[1]).toMatchObject({
      actor: 'Root',
      actorId: root.id,
      targetId: learner.id,
      targetLabel: 'Learner',
      reason: 'Paid by bank transfer',
      before: { plan: 'free' },
      after: { plan: 'pro', unitLimit: 299 },
    });
    expect(entries[0]).toMatchObject({ before: { unitLimit: 299 }, after: { unitLimit: 324 } });
  });

  it('ends every session of a learner at once', async () => {
    const other = await person(t.app, t.database.db, 'Sessions');
    await sudo(t.app, root);
    const res = await adminPost(t.app, root, `/api/admin/users/${other.id}/sessions/revoke`, {
      reason: 'Lost phone',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminUserDetail>().sessions).toEqual([]);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/stats/units/Sessions',
      headers: bearer(other.token),
    });
    expect(me.statusCode).toBe(401);
    expect((await auditOf(other.id))[0]).toMatchObject({
      action: 'user.sessions.revoke',
      before: { openSessions: 1 },
      after: { openSessions: 0 },
    });
  });

  it('disables an account (403 ACCOUNT_DISABLED at sign-in, sessions gone) and enables it', async () => {
    const other = await person(t.app, t.database.db, 'Disabled');
    await sudo(t.app, root);
    const res = await adminPost(t.app, root, `/api/admin/users/${other.id}/disable`, {
      reason: 'Chargeback fraud',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminUserDetail>().user.disabled).toBe(true);
    const refused = await login(t.app, 'Disabled');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ACCOUNT_DISABLED');
    // A wrong PIN tells nothing more than for anyone else.
    expect((await login(t.app, 'Disabled', '0000')).statusCode).toBe(401);
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/stats/units/Disabled',
      headers: bearer(other.token),
    });
    expect(old.statusCode).toBe(401);

    const enabled = await adminPost(t.app, root, `/api/admin/users/${other.id}/enable`, {
      reason: 'Resolved with the bank',
    });
    expect(enabled.json<AdminUserDetail>().user.disabled).toBe(false);
    expect((await login(t.app, 'Disabled')).statusCode).toBe(200);
    expect((await auditOf(other.id)).map((e) => e.action)).toEqual(['user.enable', 'user.disable']);
  });

  it('finds users by part of a username, email or mobile, sorted and paged on the server', async () => {
    const byName = await adminGet(t.app, helper, '/api/admin/users?q=learn');
    expect(byName.json().users.map((u: { username: string }) => u.username)).toEqual(['Learner']);
    const byEmail = await adminGet(t.app, helper, '/api/admin/users?q=root@example');
    expect(byEmail.json().users).toHaveLength(1);
    // A LIKE wildcard typed in the box is a plain character.
    expect((await adminGet(t.app, helper, '/api/admin/users?q=%25')).json().total).toBe(0);
    const sorted = await adminGet(t.app, helper, '/api/admin/users?sort=username&order=asc');
    const names = sorted.json().users.map((u: { username: string }) => u.username);
    expect(names).toEqual(
      [...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    expect(sorted.json()).toMatchObject({ page: 1, pageSize: 25, total: names.length });
    expect((await adminGet(t.app, helper, '/api/admin/users?page=0')).statusCode).toBe(400);
    expect((await adminGet(t.app, helper, '/api/admin/users?sort=pin_hash')).statusCode).toBe(400);
  });

  it('refunds a payment once, with a credit note the learner sees; a second refund is refused', async () => {
    const buyer = await person(t.app, t.database.db, 'Buyer');
    const id = await newPayment(t.app, { token: buyer.token, userId: buyer.id, username: 'Buyer' });
    await checkout(t.app, id, 'pay');
    await sudo(t.app, root);
    const res = await adminPost(t.app, root, `/api/admin/payments/${id}/refund`, {
      reason: 'Asked within a day',
    });
    expect(res.statusCode).toBe(200);
    const refunded = res.json<AdminPayment>();
    expect(refunded.refund?.state).toBe('COMPLETED');
    expect(refunded.creditNoteNumber).toMatch(/^GRASP\/CN\/\d{4}-\d{2}\/000001$/);
    expect((await detailOf(buyer.id)).user.plan).toBe('free');

    const again = await adminPost(t.app, root, `/api/admin/payments/${id}/refund`, {
      reason: 'again',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_REFUNDED');

    const own = await t.app.inject({
      method: 'GET',
      url: '/api/billing/invoices',
      headers: bearer(buyer.token),
    });
    const kinds = own
      .json()
      .invoices.map((i: { kind: string }) => i.kind)
      .sort();
    expect(kinds).toEqual(['creditNote', 'invoice']);
    const note = own.json().invoices.find((i: { kind: string }) => i.kind === 'creditNote');
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/billing/invoices/${note.invoiceId}`,
      headers: bearer(buyer.token),
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Credit note');
    expect(page.body).toContain(refunded.invoiceNumber);
    // Someone else's credit note is as unknown as a missing one.
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/billing/invoices/${note.invoiceId}`,
      headers: bearer(learner.token),
    });
    expect(theirs.statusCode).toBe(404);
    // The learner's billing list shows the credit note beside the payment's invoice.
    const payments = await t.app.inject({
      method: 'GET',
      url: '/api/billing/payments',
      headers: bearer(buyer.token),
    });
    expect(payments.json<PaymentListResponse>().payments).toEqual([
      expect.objectContaining({
        merchantTransactionId: id,
        refund: 'COMPLETED',
        invoice: expect.objectContaining({
          kind: 'invoice',
          invoiceNumber: refunded.invoiceNumber,
        }),
        creditNote: {
          invoiceId: note.invoiceId,
          kind: 'creditNote',
          invoiceNumber: refunded.creditNoteNumber,
          merchantTransactionId: id,
          issuedAt: expect.any(String),
          totalPaise: 9900,
          taxPaise: 1510,
        },
      }),
    ]);

    const docs = await adminGet(t.app, helper, '/api/admin/invoices?kind=creditNote');
    expect(docs.json().documents.map((d: { number: string }) => d.number)).toEqual([
      refunded.creditNoteNumber,
    ]);
    const listed = await adminGet(t.app, helper, `/api/admin/payments?q=${id}`);
    expect(listed.json().payments[0]).toMatchObject({
      merchantTransactionId: id,
      username: 'Buyer',
    });
    // Written with the refund it opened, before the gateway answered (the payment keeps that).
    expect((await auditOf(id))[0]).toMatchObject({
      action: 'payment.refund',
      targetLabel: 'Buyer',
      before: { state: 'PAYMENT_SUCCESS', refund: null },
      after: { refund: 'PENDING', merchantRefundId: expect.any(String) },
    });
  });

  it('refuses to refund a payment that did not succeed, and asks the gateway on demand', async () => {
    const buyer = await person(t.app, t.database.db, 'Pending');
    const id = await newPayment(t.app, {
      token: buyer.token,
      userId: buyer.id,
      username: 'Pending',
    });
    await sudo(t.app, root);
    const res = await adminPost(t.app, root, `/api/admin/payments/${id}/refund`, { reason: 'x' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('NOT_REFUNDABLE');
    const asked = await adminPost(t.app, root, `/api/admin/payments/${id}/reconcile`, {});
    expect(asked.statusCode).toBe(200);
    expect(asked.json<AdminPayment>().state).toBe('PAYMENT_PENDING');
    expect((await auditOf(id))[0]?.action).toBe('payment.reconcile');
    expect(
      (await adminPost(t.app, root, '/api/admin/payments/GRASP_none/reconcile', {})).statusCode,
    ).toBe(404);
  });

  it('shows a deleted account’s page without writing anything for it', async () => {
    const gone = await person(t.app, t.database.db, 'Gone');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: bearer(gone.token),
      payload: { pin: '1234' },
    });
    expect(deleted.statusCode).toBe(204);
    const cycles = () =>
      t.database.db
        .selectFrom('usage_cycles')
        .select('id')
        .where('user_id', '=', gone.id)
        .execute();
    expect(await cycles()).toHaveLength(0);
    const page = await adminGet(t.app, helper, `/api/admin/users/${gone.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json<AdminUserDetail>().cycle).toBeNull();
    expect(await cycles()).toHaveLength(0);
  });

  it('keeps the audit log append-only: no route changes or removes an entry', async () => {
    const [entry] = (await adminGet(t.app, root, '/api/admin/audit')).json<AdminAuditResponse>()
      .entries;
    expect(entry).toBeDefined();
    await sudo(t.app, root);
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of ['/api/admin/audit', `/api/admin/audit/${entry?.id}`]) {
        const res = await t.app.inject({ method, url, headers: bearer(root.token), payload: {} });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    const routes = t.app.printRoutes({ commonPrefix: false });
    expect(routes).not.toMatch(/audit.*\((PUT|PATCH|DELETE)/);
  });
});
