import {
  ERROR_MESSAGES,
  type PaymentStatusResponse,
  paymentStatusResponseSchema,
} from '@grasp/contract';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

export const paymentStatusPath = (id: string) => `/api/payment/status/${encodeURIComponent(id)}`;

/** The server answered 200 with something that is not a payment status. */
class UnexpectedAnswerError extends Error {}

export async function fetchPaymentStatus(
  id: string,
  signal?: AbortSignal,
): Promise<PaymentStatusResponse> {
  const parsed = paymentStatusResponseSchema.safeParse(
    await apiRequest<unknown>(paymentStatusPath(id), { signal }),
  );
  if (!parsed.success) throw new UnexpectedAnswerError('not a payment status');
  return parsed.data;
}

/** SPEC.md §8: a refused check, a failed call, or anything else. */
export function statusErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    return error.kind === 'http'
      ? ERROR_MESSAGES.paymentStatusFailed
      : ERROR_MESSAGES.paymentStatusError;
  }
  return ERROR_MESSAGES.paymentUnexpected;
}
