import { type PaymentListResponse, paymentListResponseSchema } from '@grasp/contract';
import { apiFile, apiRequest } from '../../../lib/api-client.ts';

export const PAYMENTS_PATH = '/api/billing/payments';
export const invoicePath = (invoiceId: string) =>
  `/api/billing/invoices/${encodeURIComponent(invoiceId)}`;

/** The signed-in user's payments, each with its invoice and refund. */
export async function fetchBillingHistory(signal?: AbortSignal): Promise<PaymentListResponse> {
  const answer = await apiRequest<unknown>(PAYMENTS_PATH, { signal });
  return paymentListResponseSchema.parse(answer);
}

/** The printable invoice page, as an object URL the browser can open. */
export async function fetchInvoiceUrl(invoiceId: string): Promise<string> {
  const { blob } = await apiFile(invoicePath(invoiceId), { headers: { Accept: 'text/html' } });
  return URL.createObjectURL(new Blob([blob], { type: 'text/html' }));
}
