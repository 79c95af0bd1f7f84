import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { logout } from './api/logout.ts';

/** The profile menu's "Sign out": revoke on the server, forget locally, go to /login. */
export function useSignOut(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    // Not awaited: the request already carries the token, and a slow server must not keep the
    // user signed in on this device.
    void logout();
    useAuth.getState().signOut(true);
    navigate(paths.login);
  }, [navigate]);
}
