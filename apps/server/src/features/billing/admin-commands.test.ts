import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../../test/databases.ts';
import { manualClock } from '../../test/manual-clock.ts';
import { runAdminCommand } from './admin-commands.ts';
import { createSandboxGateway } from './gateways/sandbox-gateway.ts';
import { createSandboxLedger } from './gateways/sandbox-ledger.ts';
import { billingDatabase, silentLog } from './payment-test-helpers.ts';
import { createRefundService, type RefundService } from './refunds.service.ts';
import { createUsageService } from './usage.service.ts';

describe.each(TEST_DATABASES)('admin commands on %s', (kind) => {
  const database = billingDatabase(kind);
  const clock = manualClock('2026-05-01T00:00:00.000Z');
  let usage: ReturnType<typeof createUsageService>;
  let refunds: RefundService;

  async function run(...args: string[]) {
    let out = '';
    let err = '';
    const code = await runAdminCommand(args, {
      db: database.db,
      usage,
      refunds,
      out: (text) => {
        out += text;
      },
      err: (text) => {
        err += text;
      },
    });
    return { code, out, err };
  }

  /** A successful sandbox payment of Meera's that started Pro at `at`. */
  async function insertPayment(id: string, at: Date): Promise<void> {
    await database.db
      .insertInto('payments')
      .values({
        merchant_transaction_id: id,
        user_id: 'u-meera',
        gateway: 'sandbox',
        product_id: 'pro_plan',
        amount_paise: 9900,
        state: 'PAYMENT_SUCCESS',
        gateway_transaction_id: `SBX_${id}`,
        upgraded_at: at.toISOString(),
        buyer_state: null,
        next_check_at: null,
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
      })
      .execute();
  }
  const refundState = async (id: string) =>
    (
      await database.db
        .selectFrom('refunds')
        .select('state')
        .where('merchant_transaction_id', '=', id)
        .executeTakeFirst()
    )?.state;

  beforeAll(async () => {
    usage = createUsageService({ db: database.db, clock });
    const { gateway } = createSandboxGateway({
      ledger: createSandboxLedger({ db: database.db, clock }),
      key: 'admin-test-key',
    });
    refunds = createRefundService({ db: database.db, clock, gateway, usage, log: silentLog });
    await database.db
      .insertInto('users')
      .values({
        id: 'u-meera',
        username: 'Meera',
        username_key: 'meera',
        email: 'meera@example.com',
        email_key: 'meera@example.com',
        mobile: '9876543210',
        full_name: 'Meera Iyer',
        avatar: null,
        plan: 'free',
        pin_hash: 'x',
        email_verified_at: null,
        created_at: clock.now().toISOString(),
      })
      .execute();
    await usage.openFirstCycle(database.db, 'u-meera');
  });

  it('lists users with plan and units left', async () => {
    const { code, out } = await run('list-users');
    expect(code).toBe(0);
    expect(out).toMatch(/^USERNAME\s+EMAIL\s+PLAN\s+UNITS LEFT/);
    expect(out).toMatch(/Meera\s+meera@example\.com\s+free\s+99\s+2026-06-01\s+no/);
    expect(out).toContain('1 user\n');
  });

  it('sets a plan by username or email, starting a fresh cycle', async () => {
    await database.db.updateTable('usage_cycles').set({ units_used: 40 }).execute();
    clock.advance(60_000);
    const pro = await run('set-plan', 'MEERA', 'Pro');
    expect(pro).toMatchObject({ code: 0, err: '' });
    expect(pro.out).toContain('Meera is now on pro: 299 units');
    expect(await usage.availableUnits('u-meera')).toBe(299);

    clock.advance(60_000);
    expect((await run('set-plan', 'meera@example.com', 'enterprise')).code).toBe(0);
    expect(await usage.availableUnits('u-meera')).toBeNull();
    const listed = await run('list-users');
    expect(listed.out).toMatch(/Meera\s+\S+\s+enterprise\s+unlimited/);
  });

  it('refuses unknown users, plans and commands with a non-zero code', async () => {
    expect(await run('set-plan', 'nobody', 'pro')).toMatchObject({ code: 1 });
    expect((await run('set-plan', 'meera', 'gold')).err).toContain('Unknown plan');
    const usageText = await run('drop-tables');
    expect(usageText.code).toBe(2);
    expect(usageText.err).toContain('npm run admin -- list-users');
  });

  it('refunds a successful payment once, moving the plan back to Free', async () => {
    await run('set-plan', 'meera', 'pro');
    await insertPayment('GRASP_refund_me', clock.now());
    const first = await run('refund', 'GRASP_refund_me');
    expect(first).toMatchObject({ code: 0 });
    expect(first.out).toContain('completed; the plan is back on Free');
    expect(await usage.availableUnits('u-meera')).toBe(99);
    const second = await run('refund', 'GRASP_refund_me');
    expect(second).toMatchObject({ code: 1 });
    expect(second.err).toContain('already refunded');
    expect((await run('refund', 'GRASP_unknown')).err).toContain('no such payment');
  });

  it('leaves an Enterprise plan alone when an old Pro payment is refunded', async () => {
    clock.advance(60_000);
    await run('set-plan', 'meera', 'pro');
    await insertPayment('GRASP_old_pro', clock.now());
    clock.advance(60_000);
    expect((await run('set-plan', 'meera', 'enterprise')).code).toBe(0);
    const refunded = await run('refund', 'GRASP_old_pro');
    expect(refunded).toMatchObject({ code: 0 });
    expect(refunded.out).toContain('completed; the plan stays as it was');
    expect(await usage.availableUnits('u-meera')).toBeNull();
    expect(await refundState('GRASP_old_pro')).toBe('COMPLETED');
  });
});
