import {
  ADMIN_PAGE_SIZE,
  type AdminAuditQuery,
  type AdminAuditResponse,
  type AdminInvoicesQuery,
  type AdminInvoicesResponse,
  type AdminMeResponse,
  type AdminOverviewResponse,
  type AdminPayment,
  type AdminPaymentsQuery,
  type AdminPaymentsResponse,
  type AdminSudoRequest,
} from '@grasp/contract';
import type { UserRow } from '../../db/types.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { InvoiceService } from '../billing/invoices.service.ts';
import type { StaffBilling } from '../billing/staff-billing.service.ts';
import type { PasskeysService } from '../passkeys/passkeys.service.ts';
import { type AdminUsersDeps, createAdminUsers, toUserRow } from './admin-users.service.ts';
import type { StaffActor } from './audit.service.ts';

export interface AdminDeps extends AdminUsersDeps {
  auth: Pick<AuthService, 'confirmPin'>;
  billing: StaffBilling;
  invoices: Pick<InvoiceService, 'page'>;
  overview: (days: number) => Promise<AdminOverviewResponse>;
  passkeys: Pick<PasskeysService, 'confirmationOptions' | 'verifyPasskeyAssertion'>;
}

const paging = (page: number) => ({ limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE });
export const actorOf = (user: UserRow): StaffActor => ({ id: user.id, name: user.username });

/** The operator's console (DESIGN.md §15): reads for staff, audited changes for admins. */
export function createAdminService(deps: AdminDeps) {
  const { accounts, billing, audit } = deps;
  const users = createAdminUsers(deps);

  async function paymentAction(
    actor: StaffActor,
    id: string,
    action: 'payment.refund' | 'payment.reconcile',
    reason: string,
    run: () => Promise<AdminPayment>,
  ): Promise<AdminPayment> {
    const before = await billing.payment(id);
    const snapshot = (p: AdminPayment | undefined) =>
      p
        ? { state: p.state, refund: p.refund?.state ?? null, creditNote: p.creditNoteNumber }
        : null;
    return audit.actOutside(
      {
        actor,
        action,
        target: { type: 'payment', id, label: before?.username ?? id },
        reason,
      },
      async () => {
        const result = await run();
        return { before: snapshot(before), after: snapshot(result), result };
      },
    );
  }

  return {
    users,
    overview: deps.overview,

    async me(user: UserRow, sessionId: string): Promise<AdminMeResponse> {
      const until = await accounts.sudoUntil(sessionId);
      const row = toUserRow(user);
      return {
        id: row.id,
        username: row.username,
        role: row.role,
        sudoUntil: until?.toISOString() ?? null,
      };
    },

    /** A challenge for one of the staff member's own passkeys, to confirm it is them. */
    sudoPasskeyOptions: (user: UserRow) => deps.passkeys.confirmationOptions(user.id),

    /** Confirms it is the staff member, by PIN or passkey: changes are open for 30 minutes. */
    async sudo(user: UserRow, sessionId: string, body: AdminSudoRequest): Promise<void> {
      // Counted for this session: nobody guessing the username keeps an admin from sudo.
      if ('pin' in body) await deps.auth.confirmPin(user, body.pin, sessionId);
      else await deps.passkeys.verifyPasskeyAssertion(user.id, body.passkey);
      await accounts.grantSudo(sessionId);
    },

    async payments(query: AdminPaymentsQuery & { page: number }): Promise<AdminPaymentsResponse> {
      const found = await billing.payments({
        state: query.state,
        q: query.q || undefined,
        ...paging(query.page),
      });
      return { ...found, page: query.page, pageSize: ADMIN_PAGE_SIZE };
    },

    refund: (actor: StaffActor, id: string, reason: string) =>
      paymentAction(actor, id, 'payment.refund', reason, () => billing.refund(id)),

    reconcile: (actor: StaffActor, id: string, reason: string) =>
      paymentAction(actor, id, 'payment.reconcile', reason, () => billing.reconcile(id)),

    async invoices(query: AdminInvoicesQuery & { page: number }): Promise<AdminInvoicesResponse> {
      const found = await billing.documents({
        kind: query.kind,
        q: query.q || undefined,
        ...paging(query.page),
      });
      return { ...found, page: query.page, pageSize: ADMIN_PAGE_SIZE };
    },

    invoicePage: (id: string) => deps.invoices.page(null, id),

    async audit(query: AdminAuditQuery & { page: number }): Promise<AdminAuditResponse> {
      const found = await audit.list({
        actor: query.actor || undefined,
        target: query.target || undefined,
        ...paging(query.page),
      });
      return { ...found, page: query.page, pageSize: ADMIN_PAGE_SIZE };
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
