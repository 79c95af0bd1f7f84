import type {
  InvoiceSummary,
  PaymentListResponse,
  PaymentStatus,
  RefundState,
} from '@grasp/contract';
import { billingMessages, paymentStatusSchema, refundStateSchema } from '@grasp/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';
import { notFound } from '../../lib/errors.ts';
import * as creditNotes from './credit-notes.repository.ts';
import { creditNotePage, invoicePage, type Seller } from './invoice-page.ts';
import { financialYear, invoiceNumber, splitGst } from './invoice-tax.ts';
import * as repo from './invoices.repository.ts';
import type { PaymentRow } from './payments.repository.ts';
import { paymentsOf } from './payments.repository.ts';

const summary = (row: repo.InvoiceRow): InvoiceSummary => ({
  invoiceId: row.id,
  kind: 'invoice',
  invoiceNumber: row.invoice_number,
  merchantTransactionId: row.merchant_transaction_id,
  issuedAt: row.issued_at,
  totalPaise: row.total_paise,
  taxPaise: row.cgst_paise + row.sgst_paise + row.igst_paise,
});

const creditNoteSummary = (row: creditNotes.CreditNoteRow): InvoiceSummary => ({
  invoiceId: row.id,
  kind: 'creditNote',
  invoiceNumber: row.credit_note_number,
  merchantTransactionId: row.merchant_transaction_id,
  issuedAt: row.issued_at,
  totalPaise: row.total_paise,
  taxPaise: row.cgst_paise + row.sgst_paise + row.igst_paise,
});

/** Tax invoices (DESIGN.md §12): one per successful payment, numbered per financial year. */
export function createInvoiceService(deps: { db: Kysely<DB>; seller: Seller }) {
  const { db, seller } = deps;

  return {
    /** Issues the invoice of a payment that has just succeeded, in the caller's transaction. */
    async issue(tx: Transaction<DB>, payment: PaymentRow, at: Date): Promise<void> {
      const buyer = await repo.buyerOf(tx, payment.user_id);
      const year = financialYear(at);
      const sequence = await repo.drawInvoiceNumber(tx, year);
      const split = splitGst(payment.amount_paise, seller.stateCode, payment.buyer_state);
      await repo.insertInvoice(tx, {
        id: repo.newInvoiceId(),
        financial_year: year,
        sequence,
        invoice_number: invoiceNumber(year, sequence),
        merchant_transaction_id: payment.merchant_transaction_id,
        user_id: payment.user_id,
        buyer_name: buyer?.full_name || buyer?.username || '',
        buyer_email: buyer?.email ?? '',
        buyer_state: payment.buyer_state,
        seller_json: JSON.stringify(seller),
        taxable_paise: split.taxablePaise,
        cgst_paise: split.cgstPaise,
        sgst_paise: split.sgstPaise,
        igst_paise: split.igstPaise,
        total_paise: split.totalPaise,
        issued_at: at.toISOString(),
      });
    },

    /** The user's invoices and credit notes, newest first. */
    async list(userId: string): Promise<InvoiceSummary[]> {
      const [invoices, notes] = await Promise.all([
        repo.invoicesOf(db, userId),
        creditNotes.creditNotesOf(db, userId),
      ]);
      return [...invoices.map(summary), ...notes.map(creditNoteSummary)].sort((a, b) =>
        b.issuedAt.localeCompare(a.issuedAt),
      );
    },

    /**
     * The printable invoice or credit note; someone else's is as unknown as a missing one. Staff
     * (userId null) may print anyone's.
     */
    async page(userId: string | null, invoiceId: string): Promise<string> {
      const mine = (owner: string) => userId === null || owner === userId;
      if (invoiceId.startsWith('cn_')) {
        const note = await creditNotes.findCreditNote(db, invoiceId);
        if (!note || !mine(note.user_id)) throw notFound(billingMessages.invoiceNotFound);
        return creditNotePage(note);
      }
      const invoice = await repo.findInvoice(db, invoiceId);
      if (!invoice || !mine(invoice.user_id)) throw notFound(billingMessages.invoiceNotFound);
      return invoicePage(invoice);
    },

    /** The caller's payments, newest first, each with its invoice, refund and credit note. */
    async payments(userId: string): Promise<PaymentListResponse> {
      const byPayment = <T extends { merchant_transaction_id: string }>(rows: T[]) =>
        new Map(rows.map((row) => [row.merchant_transaction_id, row]));
      const [invoices, notes, rows] = await Promise.all([
        repo.invoicesOf(db, userId).then(byPayment),
        creditNotes.creditNotesOf(db, userId).then(byPayment),
        paymentsOf(db, userId),
      ]);
      return {
        payments: rows.map((row) => {
          const invoice = invoices.get(row.merchant_transaction_id);
          const note = notes.get(row.merchant_transaction_id);
          return {
            merchantTransactionId: row.merchant_transaction_id,
            createdAt: row.created_at,
            amount: row.amount_paise,
            status: paymentStatusSchema.catch('PAYMENT_ERROR').parse(row.state) as PaymentStatus,
            refund: row.refund_state
              ? (refundStateSchema.catch('PENDING').parse(row.refund_state) as RefundState)
              : null,
            invoice: invoice ? summary(invoice) : null,
            creditNote: note ? creditNoteSummary(note) : null,
          };
        }),
      };
    },
  };
}
export type InvoiceService = ReturnType<typeof createInvoiceService>;
