import { ERROR_MESSAGES, type IndianStateCode, PRO_PAYMENT, type User } from '@grasp/contract';
import { paths } from '../../../config/paths.ts';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

export const INITIATE_PATH = '/api/payment/initiate';

interface InitiateAnswer {
  success?: unknown;
  redirectUrl?: unknown;
  message?: unknown;
}

// Lenient on purpose: a refusal may come back as 200 with success false and a message.
function readAnswer(body: unknown): InitiateResult {
  const answer: InitiateAnswer = typeof body === 'object' && body !== null ? body : {};
  if (answer.success === true && typeof answer.redirectUrl === 'string' && answer.redirectUrl) {
    return { ok: true, redirectUrl: answer.redirectUrl };
  }
  const message = typeof answer.message === 'string' && answer.message;
  return { ok: false, message: message || ERROR_MESSAGES.paymentInitFailed };
}

export type InitiateResult = { ok: true; redirectUrl: string } | { ok: false; message: string };

/** The messages of SPEC.md §8: the server's own, else the generic ones. */
export function initiateErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.kind === 'http') {
    // HTTP_ERROR means the answer carried no error body of ours, so no message to show.
    return error.code === 'HTTP_ERROR' ? ERROR_MESSAGES.paymentInitFailed : error.message;
  }
  return ERROR_MESSAGES.paymentInitError;
}

/** Starts the Pro payment (SPEC.md §7); the server sets the price and checks the amount. */
export async function initiateProPayment(
  user: User,
  buyerState?: IndianStateCode,
): Promise<InitiateResult> {
  try {
    const body = await apiRequest<unknown>(INITIATE_PATH, {
      method: 'POST',
      body: {
        amount: PRO_PAYMENT.amountPaise,
        userId: user.id,
        redirectUrl: `${window.location.origin}${paths.paymentStatus}`,
        productId: PRO_PAYMENT.productId,
        ...(buyerState ? { buyerState } : {}),
      },
    });
    return readAnswer(body);
  } catch (error) {
    return { ok: false, message: initiateErrorMessage(error) };
  }
}
