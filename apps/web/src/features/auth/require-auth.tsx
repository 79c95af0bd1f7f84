import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useAuth } from '../../lib/auth-store.ts';

/** Sends a visitor to /login, remembering where they wanted to go. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useAuth((s) => s.token);
  const location = useLocation();
  if (!token) {
    const redirectTo = `${location.pathname}${location.search}`;
    return <Navigate to={paths.login} replace state={{ redirectTo }} />;
  }
  return children;
}
