import type { AdminUserDetail } from '@grasp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { createAccountsService } from '../auth/accounts.service.ts';
import { checkout, newPayment } from '../billing/payment-test-helpers.ts';
import { createUsageService } from '../billing/usage.service.ts';
import { adminGet, adminPost, type Person, person, sudo } from './admin-test-helpers.ts';
import { createAudit } from './audit.service.ts';
import { runConsoleCommand } from './console-commands.ts';

/**
 * A staff change and its audit row commit together or not at all (DESIGN.md §15; issue 50):
 * with the audit log unwritable, every change of a learner is refused and leaves no trace.
 */
describe.each(TEST_DATABASES)('audited changes on %s', (kind) => {
  let t: TestApp;
  let root: Person;
  let learner: Person;

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: { RATE_LIMIT_SCALE: '50' } });
    root = await person(t.app, t.database.db, 'Root', 'admin');
    learner = await person(t.app, t.database.db, 'Learner');
    expect((await sudo(t.app, root)).statusCode).toBe(204);
    // The log can no longer be written: any row added to it fails.
    await t.database.db.schema.alterTable('staff_actions').renameTo('staff_actions_gone').execute();
  }, 120_000);
  afterAll(() => t.close());

  const detail = async () =>
    (await adminGet(t.app, root, `/api/admin/users/${learner.id}`)).json<AdminUserDetail>();

  it('leaves the plan, the units, the sessions and the account as they were', async () => {
    const before = await detail();
    expect(before.sessions).toHaveLength(1);
    const changes: [string, object][] = [
      ['plan', { plan: 'pro', reason: 'r' }],
      ['units', { units: 25, reason: 'r' }],
      ['sessions/revoke', { reason: 'r' }],
      ['disable', { reason: 'r' }],
    ];
    for (const [path, body] of changes) {
      const res = await adminPost(t.app, root, `/api/admin/users/${learner.id}/${path}`, body);
      expect(res.statusCode, path).toBe(500);
    }
    const after = await detail();
    expect(after.user.plan).toBe('free');
    expect(after.cycle?.unitLimit).toBe(before.cycle?.unitLimit);
    expect(after.sessions).toHaveLength(1);
    expect(after.user.disabled).toBe(false);
  });

  it('opens no refund when its audit row cannot be written', async () => {
    const id = await newPayment(t.app, {
      token: learner.token,
      userId: learner.id,
      username: 'Learner',
    });
    await checkout(t.app, id, 'pay');
    const res = await adminPost(t.app, root, `/api/admin/payments/${id}/refund`, { reason: 'r' });
    expect(res.statusCode).toBe(500);
    const refunds = await t.database.db
      .selectFrom('refunds')
      .select('merchant_refund_id')
      .where('merchant_transaction_id', '=', id)
      .execute();
    expect(refunds).toEqual([]);
    expect((await detail()).user.plan).toBe('pro');
  });

  it('leaves the plan and the role as they were on the command line too', async () => {
    const db = t.database.db;
    const clock = { now: () => new Date() };
    const run = (...args: string[]) =>
      runConsoleCommand(args, {
        db,
        usage: createUsageService({ db, clock }),
        accounts: createAccountsService({ db, clock }),
        audit: createAudit({ db, clock }),
        out: () => undefined,
        err: () => undefined,
      });
    const before = await detail();
    await expect(run('set-plan', 'learner', 'enterprise')).rejects.toThrow();
    await expect(run('set-role', 'learner', 'support')).rejects.toThrow();
    const after = await detail();
    expect(after.user.plan).toBe(before.user.plan);
    expect(after.user.role).toBe('user');
  });
});
