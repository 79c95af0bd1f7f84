import { PLAN_IDS, type PlanId } from '@grasp/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { RefundService } from './refunds.service.ts';
import type { UsageService } from './usage.service.ts';

export const ADMIN_USAGE = `Usage:
  npm run admin -- list-users
  npm run admin -- set-plan <username or email> <${PLAN_IDS.join('|')}> [reason…]
  npm run admin -- refund <merchantTransactionId> [reason…]
`;

/** The reason an audit row gets when the command line gave none. */
export const COMMAND_DEFAULT_REASON = 'Command line (no reason given)';

/** A change the command made, for the audit log (features/admin writes it, actor `cli`). */
export interface CommandChange {
  action: 'user.plan' | 'payment.refund';
  target: { type: 'user' | 'payment'; id: string; label: string };
  reason: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

interface Output {
  out(text: string): void;
  err(text: string): void;
}

const isPlan = (value: string): value is PlanId => (PLAN_IDS as readonly string[]).includes(value);

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/**
 * The operator's commands. They use the app's own usage service, so a plan set here starts a
 * fresh cycle exactly as a payment does. Returns the process exit code.
 */
export async function runAdminCommand(
  args: readonly string[],
  deps: {
    db: Kysely<DB>;
    usage: Pick<UsageService, 'startPlan' | 'currentCycle' | 'latestCycleIn'>;
    refunds?: Pick<RefundService, 'refund'>;
    /**
     * Records each change in the audit log: in the change's own transaction when it gives one
     * (they commit together), else once the change is made (a refund calls the gateway).
     */
    audit?: (change: CommandChange, tx?: Transaction<DB>) => Promise<void>;
  } & Output,
): Promise<number> {
  const { db, usage } = deps;
  const [command, ...rest] = args;
  const audit = deps.audit ?? (async () => undefined);
  const reasonFrom = (extra: string[]) => extra.join(' ').trim() || COMMAND_DEFAULT_REASON;

  if (command === 'list-users' && rest.length === 0) {
    const users = await db
      .selectFrom('users')
      .select(['id', 'username', 'email', 'plan', 'email_verified_at', 'created_at'])
      .orderBy('created_at')
      .execute();
    const rows = [['USERNAME', 'EMAIL', 'PLAN', 'UNITS LEFT', 'CYCLE ENDS', 'VERIFIED']];
    for (const user of users) {
      // Reading the cycle rolls it over when due, as the app would on the user's next request.
      const cycle = await usage.currentCycle(user.id);
      const left =
        cycle.unit_limit === null ? 'unlimited' : `${cycle.unit_limit - cycle.units_used}`;
      const plan =
        (await db.selectFrom('users').select('plan').where('id', '=', user.id).executeTakeFirst())
          ?.plan ?? user.plan;
      rows.push([
        user.username,
        user.email,
        plan,
        left,
        cycle.ends_at.slice(0, 10),
        user.email_verified_at ? 'yes' : 'no',
      ]);
    }
    deps.out(`${table(rows)}\n${users.length} user${users.length === 1 ? '' : 's'}\n`);
    return 0;
  }

  if (command === 'set-plan' && rest.length >= 2) {
    const [who = '', rawPlan = '', ...why] = rest;
    const plan = rawPlan.toLowerCase();
    if (!isPlan(plan)) {
      deps.err(`Unknown plan "${rawPlan}". Plans: ${PLAN_IDS.join(', ')}\n`);
      return 2;
    }
    const key = who.trim().toLowerCase();
    const user = await db
      .selectFrom('users')
      .select(['id', 'username', 'plan'])
      .where((eb) => eb.or([eb('username_key', '=', key), eb('email_key', '=', key)]))
      .executeTakeFirst();
    if (!user) {
      deps.err(`No user "${who}".\n`);
      return 1;
    }
    const cycle = await db.transaction().execute(async (tx) => {
      await usage.startPlan(tx, user.id, plan);
      const started = await usage.latestCycleIn(tx, user.id);
      if (!started) throw new Error(`no cycle after setting ${user.username}'s plan`);
      const after = { plan, unitLimit: started.unit_limit, unitsUsed: started.units_used };
      await audit(
        {
          action: 'user.plan',
          target: { type: 'user', id: user.id, label: user.username },
          reason: reasonFrom(why),
          before: { plan: user.plan },
          after,
        },
        tx,
      );
      return started;
    });
    const units = cycle.unit_limit === null ? 'unlimited units' : `${cycle.unit_limit} units`;
    deps.out(`${user.username} is now on ${plan}: ${units} until ${cycle.ends_at}\n`);
    return 0;
  }

  if (command === 'refund' && rest.length >= 1 && deps.refunds) {
    const [id = '', ...why] = rest;
    const payer = await db
      .selectFrom('payments')
      .innerJoin('users', 'users.id', 'payments.user_id')
      .select('users.username')
      .where('payments.merchant_transaction_id', '=', id.trim())
      .executeTakeFirst();
    // The row commits with the refund it opens, before the gateway is asked.
    const outcome = await deps.refunds.refund(id.trim(), (tx, merchantRefundId) =>
      audit(
        {
          action: 'payment.refund',
          target: { type: 'payment', id: id.trim(), label: payer?.username ?? id.trim() },
          reason: reasonFrom(why),
          before: { state: 'PAYMENT_SUCCESS', refund: null },
          after: { refund: 'PENDING', merchantRefundId },
        },
        tx,
      ),
    );
    if (outcome.kind === 'refused') {
      deps.err(`Refund of ${id} refused: ${outcome.reason}.\n`);
      return 1;
    }
    const when =
      outcome.state === 'COMPLETED'
        ? outcome.downgraded
          ? 'completed; the plan is back on Free'
          : 'completed; the plan stays as it was (this payment does not fund the current Pro cycle)'
        : outcome.state === 'FAILED'
          ? 'failed at the gateway'
          : 'pending; the gateway’s webhook or the next reconciliation completes it';
    deps.out(`Refund ${outcome.merchantRefundId} of ${id}: ${when}.\n`);
    return outcome.state === 'FAILED' ? 1 : 0;
  }

  deps.err(ADMIN_USAGE);
  return 2;
}
