import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../../test/databases.ts';
import { manualClock } from '../../test/manual-clock.ts';
import { userRow } from '../../test/user-row.ts';
import { createAccountsService } from '../auth/accounts.service.ts';
import { billingDatabase } from '../billing/payment-test-helpers.ts';
import { createUsageService } from '../billing/usage.service.ts';
import * as auditRepository from './audit.repository.ts';
import { createAudit } from './audit.service.ts';
import { runConsoleCommand } from './console-commands.ts';

describe.each(TEST_DATABASES)('npm run admin on %s', (kind) => {
  const database = billingDatabase(kind);
  const clock = manualClock('2026-05-01T00:00:00.000Z');

  async function run(...args: string[]) {
    let out = '';
    let err = '';
    const db = database.db;
    const code = await runConsoleCommand(args, {
      db,
      usage: createUsageService({ db, clock }),
      accounts: createAccountsService({ db, clock }),
      audit: createAudit({ db, clock }),
      out: (text) => {
        out += text;
      },
      err: (text) => {
        err += text;
      },
    });
    return { code, out, err };
  }
  const entries = () =>
    database.db.selectFrom('staff_actions').selectAll().orderBy('at').orderBy('action').execute();

  beforeAll(async () => {
    await database.db.insertInto('users').values(userRow('u-asha', 'Asha')).execute();
    await createUsageService({ db: database.db, clock }).openFirstCycle(database.db, 'u-asha');
  });

  it('makes the first admin with set-role, audited as cli with the reason given', async () => {
    const made = await run('set-role', 'asha', 'admin', 'First', 'operator');
    expect(made).toMatchObject({ code: 0, out: 'Asha is now admin.\n' });
    const role = await database.db.selectFrom('users').select('role').executeTakeFirst();
    expect(role?.role).toBe('admin');
    expect(await entries()).toEqual([
      expect.objectContaining({
        actor: 'cli',
        actor_id: null,
        action: 'user.role',
        target_id: 'u-asha',
        target_label: 'Asha',
        reason: 'First operator',
        before_json: '{"role":"user"}',
        after_json: '{"role":"admin"}',
      }),
    ]);
    expect((await run('set-role', 'asha', 'owner')).code).toBe(2);
    expect((await run('set-role', 'nobody', 'admin')).code).toBe(1);
  });

  it('audits a plan set on the command line too', async () => {
    clock.advance(60_000);
    expect((await run('set-plan', 'asha', 'pro')).code).toBe(0);
    const last = (await entries()).at(-1);
    expect(last).toMatchObject({
      actor: 'cli',
      action: 'user.plan',
      reason: 'Command line (no reason given)',
    });
    expect(JSON.parse(last?.before_json ?? '{}')).toEqual({ plan: 'free' });
    expect(JSON.parse(last?.after_json ?? '{}')).toMatchObject({ plan: 'pro', unitLimit: 299 });
  });

  it('names set-role in its usage, and offers no way to change the log', async () => {
    const help = await run('delete-audit');
    expect(help.code).toBe(2);
    expect(help.err).toContain('set-role');
    // The log's only write is an insert.
    expect(Object.keys(auditRepository).sort()).toEqual([
      'insertStaffAction',
      'searchStaffActions',
    ]);
  });
});
