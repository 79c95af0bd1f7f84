import { SESSION_CHECK_INTERVAL_MS } from '@grasp/contract';
import { useEffect } from 'react';
import { isExpired, onSignOut, savedSessionLapsed, useAuth } from '../../lib/auth-store.ts';

/** Signs out once the session is older than its lifetime (SPEC.md §4). */
export function signOutIfExpired(now = Date.now()): void {
  const { loginTime, signOut } = useAuth.getState();
  if (loginTime !== null && isExpired(loginTime, now)) signOut();
}

/** Whatever this device keeps for the user goes when they leave, by choice or by expiry. */
function forgetUserData(): void {
  // Loaded on sign-out only: the landing page's first chunk does not carry IndexedDB code.
  import('../learning/index.ts')
    .then(({ forgetOfflineData }) => forgetOfflineData())
    .catch(() => undefined);
}

/**
 * Mounted once at the app root: re-checks a session restored from storage, then watches its
 * expiry; every sign-out forgets the user's offline data. The check loads on demand, so the
 * landing page's first chunk stays small.
 */
export function useSessionGuard(): void {
  useEffect(() => onSignOut(forgetUserData), []);

  useEffect(() => {
    // At mount, a token can only have come from storage: a fresh login happens later. A saved
    // session that lapsed while the app was closed is a sign-out too.
    if (!useAuth.getState().token) {
      if (savedSessionLapsed()) useAuth.getState().signOut();
      return;
    }
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
