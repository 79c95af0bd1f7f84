import { type MessageResponse, messageResponseSchema } from '@grasp/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const RESEND_VERIFICATION_PATH = '/api/auth/resend-verification';

export async function resendVerification(email: string): Promise<MessageResponse> {
  const body = await apiRequest<unknown>(RESEND_VERIFICATION_PATH, { body: { email } });
  return messageResponseSchema.parse(body);
}
