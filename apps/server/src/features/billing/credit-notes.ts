import type { Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';
import * as repo from './credit-notes.repository.ts';
import { creditNoteNumber, financialYear } from './invoice-tax.ts';

/**
 * Issues the credit note of a completed refund, in the transaction that completes it: the
 * invoice's amounts and parties, credited back, numbered from the credit notes' own counter (a
 * rollback gives the number back, so the series neither repeats nor skips). A payment without
 * an invoice gets none: a credit note refers to the invoice it reduces. False then.
 */
export async function issueCreditNote(
  tx: Transaction<DB>,
  refund: { merchant_refund_id: string; merchant_transaction_id: string },
  at: Date,
): Promise<boolean> {
  const invoice = await repo.invoiceOfPayment(tx, refund.merchant_transaction_id);
  if (!invoice) return false;
  if (await repo.creditNoteOfPayment(tx, refund.merchant_transaction_id)) return false;
  const year = financialYear(at);
  const sequence = await repo.drawCreditNoteNumber(tx, year);
  await repo.insertCreditNote(tx, {
    id: repo.newCreditNoteId(),
    financial_year: year,
    sequence,
    credit_note_number: creditNoteNumber(year, sequence),
    merchant_transaction_id: refund.merchant_transaction_id,
    merchant_refund_id: refund.merchant_refund_id,
    invoice_id: invoice.id,
    invoice_number: invoice.invoice_number,
    user_id: invoice.user_id,
    buyer_name: invoice.buyer_name,
    buyer_email: invoice.buyer_email,
    buyer_state: invoice.buyer_state,
    seller_json: invoice.seller_json,
    taxable_paise: invoice.taxable_paise,
    cgst_paise: invoice.cgst_paise,
    sgst_paise: invoice.sgst_paise,
    igst_paise: invoice.igst_paise,
    total_paise: invoice.total_paise,
    issued_at: at.toISOString(),
  });
  return true;
}
