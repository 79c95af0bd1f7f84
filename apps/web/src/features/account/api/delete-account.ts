import { apiRequest } from '../../../lib/api-client.ts';

/** Deletes the account; a wrong PIN answers 401, a form error here, not a sign-out. */
export const deleteAccount = (pin: string) =>
  apiRequest<null>('/api/me', { method: 'DELETE', body: { pin }, skipUnauthorizedHandler: true });
