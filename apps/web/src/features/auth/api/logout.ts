import { apiRequest } from '../../../lib/api-client.ts';

export const LOGOUT_PATH = '/api/auth/logout';

/**
 * Revokes the session of `token` on the server (the app may have forgotten it already); failures
 * are ignored because the local sign-out happens anyway.
 */
export function logout(token: string): Promise<void> {
  return apiRequest<unknown>(LOGOUT_PATH, {
    method: 'POST',
    skipUnauthorizedHandler: true,
    headers: { Authorization: `Bearer ${token}` },
  }).then(
    () => undefined,
    () => undefined,
  );
}
