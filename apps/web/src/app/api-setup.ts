import { configureApiClient } from '../lib/api-client.ts';
import { useAuth } from '../lib/auth-store.ts';

/** Gives the API client the token and the 401 handling of the auth store. */
export function setupApiClient(): void {
  configureApiClient({
    getToken: () => useAuth.getState().token,
    onUnauthorized: () => useAuth.getState().signOut(),
  });
}
