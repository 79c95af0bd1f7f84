import { z } from 'zod';
import { paymentStatusSchema } from './billing.ts';

/** Invoice ids are ours (random), so a guessed one finds nothing. */
export const INVOICE_ID_PATTERN = /^inv_[a-f0-9]{24}$/;
/** A credit note (CGST s.34) issued for a refund; printable at the same address as invoices. */
export const CREDIT_NOTE_ID_PATTERN = /^cn_[a-f0-9]{24}$/;
const DOCUMENT_ID_PATTERN = /^(inv|cn)_[a-f0-9]{24}$/;

export const DOCUMENT_KINDS = ['invoice', 'creditNote'] as const;
export const documentKindSchema = z.enum(DOCUMENT_KINDS);
export type DocumentKind = z.infer<typeof documentKindSchema>;

export const REFUND_STATES = ['PENDING', 'COMPLETED', 'FAILED'] as const;
export const refundStateSchema = z.enum(REFUND_STATES);
export type RefundState = z.infer<typeof refundStateSchema>;

export const invoiceSummarySchema = z.object({
  invoiceId: z.string().describe('inv_… for an invoice, cn_… for a credit note'),
  kind: documentKindSchema
    .optional()
    .describe('Always sent; absent in older answers means invoice'),
  invoiceNumber: z
    .string()
    .describe(
      'Sequential per financial year (April–March), e.g. GRASP/2026-27/000042; credit notes GRASP/CN/2026-27/000001',
    ),
  merchantTransactionId: z.string(),
  issuedAt: z.string().describe('ISO-8601'),
  totalPaise: z.number().int().describe('GST included'),
  taxPaise: z.number().int().describe('CGST + SGST, or IGST'),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceListResponseSchema = z.object({ invoices: z.array(invoiceSummarySchema) });
export type InvoiceListResponse = z.infer<typeof invoiceListResponseSchema>;

export const invoiceParamsSchema = z.object({
  invoiceId: z.string().regex(DOCUMENT_ID_PATTERN, 'is not an invoice id'),
});

export const paymentSummarySchema = z.object({
  merchantTransactionId: z.string(),
  createdAt: z.string().describe('ISO-8601'),
  amount: z.number().int().describe('Paise'),
  status: paymentStatusSchema,
  refund: refundStateSchema.nullable().describe('The refund’s state, when one was made'),
  invoice: invoiceSummarySchema.nullable(),
  creditNote: invoiceSummarySchema
    .nullable()
    .optional()
    .describe('The refund’s credit note (CGST s.34), printable like the invoice; always sent'),
});
export type PaymentSummary = z.infer<typeof paymentSummarySchema>;

export const paymentListResponseSchema = z.object({ payments: z.array(paymentSummarySchema) });
export type PaymentListResponse = z.infer<typeof paymentListResponseSchema>;

export const billingMessages = {
  loadFailed: 'Could not load your payments. Please try again.',
  empty: 'No payments yet. Upgrade to Pro to see your payments and tax invoices here.',
  invoiceNotFound: 'Invoice not found',
  stateLabel: 'Your state (for the GST invoice)',
  stateUnknown: 'Prefer not to say',
} as const;
