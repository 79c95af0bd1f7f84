import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { logout } from './api/logout.ts';

/** Forgets this device's push subscription, then revokes the session on the server. */
async function leaveDevice(token: string): Promise<void> {
  // Loaded on sign-out only; a device without push reminders is done at once.
  await import('../reminders/index.ts')
    .then(({ forgetThisDevice }) => forgetThisDevice(token))
    .catch(() => undefined);
  await logout(token);
}

/**
 * The profile menu's "Sign out": forget this device's push subscription and revoke the session
 * on the server, forget locally, go to /login.
 */
export function useSignOut(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const { token } = useAuth.getState();
    // Not awaited: the requests carry the token, and a slow server must not keep the user signed
    // in on this device.
    if (token) void leaveDevice(token);
    useAuth.getState().signOut(true);
    navigate(paths.login);
  }, [navigate]);
}
