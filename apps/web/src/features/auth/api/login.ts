import {
  ERROR_MESSAGES,
  type LoginRequest,
  type LoginResponse,
  loginResponseSchema,
} from '@grasp/contract';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

export const LOGIN_PATH = '/api/auth/login';

export async function login(credentials: LoginRequest): Promise<LoginResponse> {
  // A wrong PIN answers 401; that is a form error, not a reason to log anybody out.
  const body = await apiRequest<unknown>(LOGIN_PATH, {
    body: credentials,
    skipUnauthorizedHandler: true,
  });
  const parsed = loginResponseSchema.safeParse(body);
  if (!parsed.success) throw new ApiError('network', 0, 'BAD_RESPONSE', ERROR_MESSAGES.loginFailed);
  return parsed.data;
}
