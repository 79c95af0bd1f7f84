import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useAuth } from '../../../lib/auth-store.ts';

/**
 * The landing search (SPEC.md §2): a blank query is ignored; a signed-in user goes to /dashboard
 * with the query; a visitor goes to /login, which passes the query on to /dashboard after sign-in.
 * Returns whether it navigated.
 */
export function useConceptSearch(): (query: string) => boolean {
  const navigate = useNavigate();
  return useCallback(
    (query: string) => {
      const initialQuery = query.trim();
      if (!initialQuery) return false;
      if (useAuth.getState().token) {
        navigate(paths.dashboard, { state: { initialQuery } });
      } else {
        navigate(paths.login, { state: { redirectTo: paths.dashboard, initialQuery } });
      }
      return true;
    },
    [navigate],
  );
}
