import {
  ERROR_MESSAGES,
  type MessageResponse,
  messageResponseSchema,
  type RegisterRequest,
} from '@grasp/contract';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

export const REGISTER_PATH = '/api/auth/register';

export async function register(payload: RegisterRequest): Promise<MessageResponse> {
  const body = await apiRequest<unknown>(REGISTER_PATH, { body: payload });
  const parsed = messageResponseSchema.safeParse(body);
  if (!parsed.success || !parsed.data.success) {
    throw new ApiError('network', 0, 'BAD_RESPONSE', ERROR_MESSAGES.registrationFailed);
  }
  return parsed.data;
}
