import { apiRequest } from '../../../lib/api-client.ts';

export const LOGOUT_PATH = '/api/auth/logout';

/**
 * Revokes the session on the server. The token is read when the request starts, so the caller
 * may clear it straight after; failures are ignored because the local sign-out happens anyway.
 */
export function logout(): Promise<void> {
  return apiRequest<unknown>(LOGOUT_PATH, { method: 'POST', skipUnauthorizedHandler: true }).then(
    () => undefined,
    () => undefined,
  );
}
