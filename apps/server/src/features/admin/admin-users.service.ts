import {
  ADMIN_MESSAGES,
  ADMIN_PAGE_SIZE,
  type AdminUserDetail,
  type AdminUserRow,
  type AdminUsersQuery,
  type AdminUsersResponse,
  PLAN_IDS,
  type PlanId,
  ROLES,
  type Role,
} from '@grasp/contract';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';
import { notFound } from '../../lib/errors.ts';
import type { Account, AccountsService } from '../auth/accounts.service.ts';
import type { StaffBilling } from '../billing/staff-billing.service.ts';
import type { UsageService } from '../billing/usage.service.ts';
import type { ClassesService } from '../classes/classes.service.ts';
import type { MaterialsService } from '../materials/materials.service.ts';
import type { Audit, StaffActor } from './audit.service.ts';

export interface AdminUsersDeps {
  accounts: AccountsService;
  usage: Pick<
    UsageService,
    'currentCycle' | 'readCycle' | 'changePlan' | 'addUnits' | 'latestCycleIn'
  >;
  billing: Pick<StaffBilling, 'payments' | 'documents'>;
  classes: Pick<ClassesService, 'list'>;
  materials: Pick<MaterialsService, 'countOf'>;
  audit: Audit;
}

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;

export const toUserRow = (a: Account): AdminUserRow => ({
  id: a.id,
  username: a.username,
  email: a.email,
  mobile: a.mobile,
  fullName: a.full_name,
  plan: oneOf<PlanId>(PLAN_IDS, a.plan.toLowerCase(), 'free'),
  role: oneOf<Role>(ROLES, a.role, 'user'),
  disabled: a.disabled_at !== null,
  createdAt: a.created_at,
});

const PER_USER_LIMIT = 100;

/** The console's learners: search, a learner's page, and the actions on it, each audited. */
export function createAdminUsers(deps: AdminUsersDeps) {
  const { accounts, usage, audit } = deps;

  async function account(id: string): Promise<Account> {
    const found = await accounts.find(id);
    if (!found) throw notFound(ADMIN_MESSAGES.userNotFound);
    return found;
  }

  async function detail(id: string): Promise<AdminUserDetail> {
    const a = await account(id);
    const [cycle, payments, documents, sessions, classes, materialsCount] = await Promise.all([
      // A read never writes: no cycle is opened for an idle or deleted account to show one.
      usage.readCycle(id),
      deps.billing.payments({ userId: id, limit: PER_USER_LIMIT, offset: 0 }),
      deps.billing.documents({ userId: id, limit: PER_USER_LIMIT, offset: 0 }),
      accounts.openSessions(id),
      deps.classes.list(id),
      deps.materials.countOf(id),
    ]);
    return {
      user: {
        ...toUserRow(a),
        emailVerified: a.email_verified_at !== null,
        disabledAt: a.disabled_at,
      },
      cycle: cycle && {
        plan: cycle.plan,
        startsAt: cycle.starts_at,
        endsAt: cycle.ends_at,
        unitLimit: cycle.unit_limit,
        unitsUsed: cycle.units_used,
      },
      payments: payments.payments,
      documents: documents.documents,
      sessions: sessions.map((s) => ({
        id: s.id,
        createdAt: s.created_at,
        expiresAt: s.expires_at,
      })),
      classes: classes.classes.map((c) => ({ classId: c.classId, name: c.name, role: c.role })),
      materialsCount,
    };
  }

  /**
   * Runs an audited change of a learner, in one transaction with its audit row, and answers
   * with their page as it is after. `run` writes and reads through the transaction it is given.
   */
  async function change(
    actor: StaffActor,
    id: string,
    action: Parameters<Audit['act']>[0]['action'],
    reason: string,
    run: (
      a: Account,
      tx: Transaction<DB>,
    ) => Promise<{ before: Record<string, unknown>; after: Record<string, unknown> }>,
  ): Promise<AdminUserDetail> {
    const a = await account(id);
    await audit.act(
      { actor, action, target: { type: 'user', id, label: a.username }, reason },
      async (tx) => ({ ...(await run(a, tx)), result: undefined }),
    );
    return detail(id);
  }

  /** The cycle's units as the change's transaction sees them. */
  async function cycleUnits(tx: Transaction<DB>, id: string) {
    const cycle = await usage.latestCycleIn(tx, id);
    return { unitLimit: cycle?.unit_limit ?? null, unitsUsed: cycle?.units_used ?? 0 };
  }

  const openSessions = async (tx: Transaction<DB>, id: string) =>
    (await accounts.openSessions(id, tx)).length;

  return {
    detail,

    async list(query: AdminUsersQuery & { page: number }): Promise<AdminUsersResponse> {
      const { rows, total } = await accounts.search({
        q: query.q || undefined,
        sort: query.sort ?? 'createdAt',
        order: query.order ?? 'desc',
        limit: ADMIN_PAGE_SIZE,
        offset: (query.page - 1) * ADMIN_PAGE_SIZE,
      });
      return { users: rows.map(toUserRow), page: query.page, pageSize: ADMIN_PAGE_SIZE, total };
    },

    setPlan: (actor: StaffActor, id: string, plan: PlanId, reason: string) =>
      change(actor, id, 'user.plan', reason, async (a, tx) => {
        await usage.changePlan(id, plan, tx);
        return { before: { plan: a.plan }, after: { plan, ...(await cycleUnits(tx, id)) } };
      }),

    async grantUnits(actor: StaffActor, id: string, units: number, reason: string) {
      // Read (and opened if it lapsed) before the change's transaction: on SQLite a read on the
      // pool would wait for that transaction to end.
      const cycle = await usage.currentCycle(id);
      return change(actor, id, 'user.units', reason, async (_a, tx) => {
        await usage.addUnits(tx, cycle.id, units);
        return {
          before: { unitLimit: cycle.unit_limit, unitsUsed: cycle.units_used, granted: units },
          after: await cycleUnits(tx, id),
        };
      });
    },

    revokeSessions: (actor: StaffActor, id: string, reason: string) =>
      change(actor, id, 'user.sessions.revoke', reason, async (_a, tx) => ({
        before: { openSessions: await accounts.revokeSessions(id, tx) },
        after: { openSessions: await openSessions(tx, id) },
      })),

    disable: (actor: StaffActor, id: string, reason: string) =>
      change(actor, id, 'user.disable', reason, async (a, tx) => {
        await accounts.disable(id, tx);
        return {
          before: { disabled: a.disabled_at !== null },
          after: { disabled: true, openSessions: await openSessions(tx, id) },
        };
      }),

    enable: (actor: StaffActor, id: string, reason: string) =>
      change(actor, id, 'user.enable', reason, async (a, tx) => {
        await accounts.enable(id, tx);
        return { before: { disabled: a.disabled_at !== null }, after: { disabled: false } };
      }),

    /** `npm run admin -- set-role`: the first admin is made this way. */
    async setRole(actor: StaffActor, username: string, role: Role, reason: string) {
      const a = await accounts.findByUsername(username);
      if (!a) throw notFound(ADMIN_MESSAGES.userNotFound);
      return audit.act(
        {
          actor,
          action: 'user.role',
          target: { type: 'user', id: a.id, label: a.username },
          reason,
        },
        async (tx) => {
          await accounts.setRole(a.id, role, tx);
          return { before: { role: a.role }, after: { role }, result: { ...toUserRow(a), role } };
        },
      );
    },
  };
}
export type AdminUsers = ReturnType<typeof createAdminUsers>;
