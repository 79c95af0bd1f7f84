import { ERROR_MESSAGES, messageResponseSchema } from '@grasp/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { serverMessage } from '../lib/auth-errors.ts';

export const VERIFY_EMAIL_PATH = '/api/auth/verify-email';

export interface VerifyEmailResult {
  ok: boolean;
  message: string;
}

async function verifyEmail(token: string): Promise<VerifyEmailResult> {
  try {
    const body = await apiRequest<unknown>(
      `${VERIFY_EMAIL_PATH}?${new URLSearchParams({ token })}`,
    );
    const parsed = messageResponseSchema.safeParse(body);
    if (!parsed.success) return { ok: false, message: ERROR_MESSAGES.verificationError };
    return { ok: parsed.data.success, message: parsed.data.message };
  } catch (error) {
    return { ok: false, message: serverMessage(error) ?? ERROR_MESSAGES.verificationError };
  }
}

// One call per token for the life of the page: the token is single-use, and StrictMode (or a
// remount) would otherwise spend it on a first request and show "invalid" for the second.
const calls = new Map<string, Promise<VerifyEmailResult>>();

export function verifyEmailOnce(token: string): Promise<VerifyEmailResult> {
  let call = calls.get(token);
  if (!call) {
    call = verifyEmail(token);
    calls.set(token, call);
  }
  return call;
}
