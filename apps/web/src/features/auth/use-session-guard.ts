import { SESSION_CHECK_INTERVAL_MS } from '@grasp/contract';
import { useEffect } from 'react';
import { isExpired, useAuth } from '../../lib/auth-store.ts';

/** Signs out once the session is older than its lifetime (SPEC.md §4). */
export function signOutIfExpired(now = Date.now()): void {
  const { loginTime, signOut } = useAuth.getState();
  if (loginTime !== null && isExpired(loginTime, now)) signOut();
}

/**
 * Mounted once at the app root: re-checks a session restored from storage, then watches its
 * expiry. The check loads on demand, so the landing page's first chunk stays small.
 */
export function useSessionGuard(): void {
  useEffect(() => {
    // At mount, a token can only have come from storage: a fresh login happens later.
    if (!useAuth.getState().token) return;
    const controller = new AbortController();
    import('./api/user-status.ts')
      .then(({ recheckSession }) => recheckSession(controller.signal))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  useEffect(() => {
    const timer = setInterval(() => signOutIfExpired(), SESSION_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
}
