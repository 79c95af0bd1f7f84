import {
  ADMIN_ERROR_CODES,
  ADMIN_MESSAGES,
  type AdminDocument,
  type AdminPayment,
  type DocumentKind,
  type PaymentStatus,
  paymentStatusSchema,
  type RefundState,
  refundStateSchema,
} from '@grasp/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Reconciliation } from './reconciliation.service.ts';
import type { RefundService } from './refunds.service.ts';
import * as repo from './staff-billing.repository.ts';

export interface Page {
  limit: number;
  offset: number;
}

const toPayment = (row: repo.StaffPaymentRow): AdminPayment => ({
  merchantTransactionId: row.merchant_transaction_id,
  userId: row.user_id,
  username: row.username,
  gateway: row.gateway,
  amountPaise: row.amount_paise,
  state: paymentStatusSchema.catch('PAYMENT_ERROR').parse(row.state) as PaymentStatus,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  refund:
    row.refund_state && row.refund_created_at
      ? {
          state: refundStateSchema.catch('PENDING').parse(row.refund_state) as RefundState,
          amountPaise: row.refund_amount_paise ?? 0,
          createdAt: row.refund_created_at,
        }
      : null,
  invoiceNumber: row.invoice_number,
  creditNoteNumber: row.credit_note_number,
});

const conflict = (code: string, message: string) => new AppError(409, code, message);

/**
 * Payments, invoices and credit notes as the operator's console sees them (DESIGN.md §15), and
 * its two payment actions: a refund goes through the same refund service as the command (one
 * per payment, the same plan rule), and "ask now" through the reconciliation's own check.
 */
export function createStaffBilling(deps: {
  db: Kysely<DB>;
  refunds: Pick<RefundService, 'refund'>;
  reconciliation: Pick<Reconciliation, 'checkNow'>;
}) {
  const { db } = deps;

  async function payment(merchantTransactionId: string): Promise<AdminPayment | undefined> {
    const { rows } = await repo.searchPayments(db, {
      q: merchantTransactionId,
      limit: 50,
      offset: 0,
    });
    const row = rows.find((r) => r.merchant_transaction_id === merchantTransactionId);
    return row ? toPayment(row) : undefined;
  }

  async function existing(merchantTransactionId: string): Promise<AdminPayment> {
    const found = await payment(merchantTransactionId);
    if (!found) throw notFound(ADMIN_MESSAGES.paymentNotFound);
    return found;
  }

  return {
    payment,

    async payments(filter: repo.PaymentFilter) {
      const { rows, total } = await repo.searchPayments(db, filter);
      return { payments: rows.map(toPayment), total };
    },

    async documents(
      filter: repo.DocumentFilter,
    ): Promise<{ documents: AdminDocument[]; total: number }> {
      const { rows, total } = await repo.searchDocuments(db, filter);
      return {
        documents: rows.map((r) => ({
          id: r.id,
          kind: r.kind as DocumentKind,
          number: r.number,
          merchantTransactionId: r.merchant_transaction_id,
          userId: r.user_id,
          username: r.username,
          issuedAt: r.issued_at,
          totalPaise: r.total_paise,
          taxPaise: r.tax_paise,
        })),
        total,
      };
    },

    /**
     * A full refund, exactly once; the payment as it is after asking. `opened` runs in the
     * transaction that opens the refund (the audit row of the staff action).
     */
    async refund(
      merchantTransactionId: string,
      opened?: (tx: Transaction<DB>, merchantRefundId: string) => Promise<void>,
    ): Promise<AdminPayment> {
      const before = await existing(merchantTransactionId);
      if (before.refund) {
        throw conflict(ADMIN_ERROR_CODES.alreadyRefunded, ADMIN_MESSAGES.alreadyRefunded);
      }
      if (before.state !== 'PAYMENT_SUCCESS') {
        throw conflict(ADMIN_ERROR_CODES.notRefundable, ADMIN_MESSAGES.notRefundable);
      }
      const outcome = await deps.refunds.refund(merchantTransactionId, opened);
      if (outcome.kind === 'refused') {
        // Lost a race with another refund of it, or the gateway cannot refund.
        const after = await existing(merchantTransactionId);
        if (after.refund) {
          throw conflict(ADMIN_ERROR_CODES.alreadyRefunded, ADMIN_MESSAGES.alreadyRefunded);
        }
        throw conflict(
          ADMIN_ERROR_CODES.notRefundable,
          `${ADMIN_MESSAGES.notRefundable} (${outcome.reason})`,
        );
      }
      return existing(merchantTransactionId);
    },

    /** Asks the gateway about the payment (and its refund) now; the payment as it is after. */
    async reconcile(merchantTransactionId: string): Promise<AdminPayment> {
      await existing(merchantTransactionId);
      await deps.reconciliation.checkNow(merchantTransactionId);
      return existing(merchantTransactionId);
    },

    /** Revenue and payments per UTC day since `from`. */
    async daily(from: Date) {
      const fromIso = from.toISOString();
      const [invoiced, refunded, payments] = await Promise.all([
        repo.invoicedByDay(db, fromIso),
        repo.refundedByDay(db, fromIso),
        repo.paymentsByDayAndState(db, fromIso),
      ]);
      return { invoiced, refunded, payments };
    },
  };
}
export type StaffBilling = ReturnType<typeof createStaffBilling>;
