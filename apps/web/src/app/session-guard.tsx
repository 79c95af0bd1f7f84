import { useSessionGuard } from '../features/auth/use-session-guard.ts';

/** Mounts the auth feature's session check; rendered lazily by the app, after the API client. */
export function SessionGuard() {
  useSessionGuard();
  return null;
}
