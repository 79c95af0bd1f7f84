import { ROLES, type Role } from '@grasp/contract';
import type { AccountsService } from '../auth/accounts.service.ts';
import { ADMIN_USAGE, COMMAND_DEFAULT_REASON, runAdminCommand } from '../billing/admin-commands.ts';
import { type Audit, CLI_ACTOR } from './audit.service.ts';

export const CONSOLE_USAGE = `${ADMIN_USAGE}  npm run admin -- set-role <username> <${ROLES.join('|')}> [reason…]
`;

type BillingCommandDeps = Omit<Parameters<typeof runAdminCommand>[1], 'audit'>;

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/**
 * `npm run admin -- …`: the billing commands and `set-role` (how the first admin is made). Every
 * change is written to the audit log with the actor `cli`, as the console writes its own.
 */
export async function runConsoleCommand(
  args: readonly string[],
  deps: BillingCommandDeps & {
    accounts: Pick<AccountsService, 'findByUsername' | 'setRole'>;
    audit: Pick<Audit, 'act' | 'actOutside' | 'recordIn'>;
  },
): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'set-role' && rest.length >= 2) {
    const [username = '', rawRole = '', ...why] = rest;
    const role = rawRole.toLowerCase();
    if (!isRole(role)) {
      deps.err(`Unknown role "${rawRole}". Roles: ${ROLES.join(', ')}\n`);
      return 2;
    }
    const account = await deps.accounts.findByUsername(username);
    if (!account) {
      deps.err(`No user "${username}".\n`);
      return 1;
    }
    await deps.audit.act(
      {
        actor: CLI_ACTOR,
        action: 'user.role',
        target: { type: 'user', id: account.id, label: account.username },
        reason: why.join(' ').trim() || COMMAND_DEFAULT_REASON,
      },
      async (tx) => {
        await deps.accounts.setRole(account.id, role, tx);
        return { before: { role: account.role }, after: { role }, result: undefined };
      },
    );
    deps.out(`${account.username} is now ${role}.\n`);
    return 0;
  }
  if (command === undefined || !['list-users', 'set-plan', 'refund'].includes(command)) {
    deps.err(CONSOLE_USAGE);
    return 2;
  }
  return runAdminCommand(args, {
    ...deps,
    // In the change's transaction where it gives one; a refund (the gateway is called) after.
    audit: (change, tx) =>
      tx
        ? deps.audit.recordIn(tx, { actor: CLI_ACTOR, ...change }, change)
        : deps.audit.actOutside({ actor: CLI_ACTOR, ...change }, async () => ({
            before: change.before,
            after: change.after,
            result: undefined,
          })),
  });
}
