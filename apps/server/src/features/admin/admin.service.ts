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

  const snapshot = (p: AdminPayment | undefined) =>
    p ? { state: p.state, refund: p.refund?.state ?? null, creditNote: p.creditNoteNumber } : null;

  /**
   * A refund's audit row commits with the refund it opens, before the gateway is asked: what
   * the staff member did is ask for it (the gateway's answer is the payment's own record).
   */
  async function refund(actor: StaffActor, id: string, reason: string): Promise<AdminPayment> {
    const before = await billing.payment(id);
    const input = {
      actor,
      action: 'payment.refund' as const,
      target: { type: 'payment' as const, id, label: before?.username ?? id },
      reason,
    };
    return billing.refund(id, (tx, merchantRefundId) =>
      audit.recordIn(tx, input, {
        before: snapshot(before),
        after: { state: before?.state ?? null, refund: 'PENDING', merchantRefundId },
      }),
    );
  }

  /**
   * Reconciling asks the gateway and applies its answer: no change of the staff member's own,
   * so its row follows, with the payment as the answer left it.
   */
  async function reconcile(actor: StaffActor, id: string, reason: string): Promise<AdminPayment> {
    const before = await billing.payment(id);
    return audit.actOutside(
      {
        actor,
        action: 'payment.reconcile',
        target: { type: 'payment', id, label: before?.username ?? id },
        reason,
      },
      async () => {
        const result = await billing.reconcile(id);
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

    refund,
    reconcile,

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
