import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useAuth } from '../../lib/auth-store.ts';

/**
 * Sends a visitor to /login, remembering where they wanted to go. A user who has just signed
 * out on this page chose to leave it: whoever signs in next starts at the dashboard.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useAuth((s) => s.token);
  const signedOutByChoice = useAuth((s) => s.signedOutByChoice);
  const location = useLocation();
  if (!token && signedOutByChoice) return <Navigate to={paths.login} replace />;
  if (!token) {
    const redirectTo = `${location.pathname}${location.search}`;
    return <Navigate to={paths.login} replace state={{ redirectTo }} />;
  }
  return children;
}
