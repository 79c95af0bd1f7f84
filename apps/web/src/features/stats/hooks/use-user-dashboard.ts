import { ERROR_MESSAGES } from '@grasp/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { fetchUserDashboard, type UserDashboardData } from '../api/user-dashboard.ts';

export type UserDashboardState =
  | { status: 'loading' }
  | { status: 'ready'; data: UserDashboardData }
  | { status: 'error'; detail: string | null };

/** The second line under "Failed to load user data" (SPEC.md §8). */
function failureDetail(error: unknown): string | null {
  if (error instanceof ApiError && error.kind === 'timeout') return ERROR_MESSAGES.requestTimeout;
  if (error instanceof ApiError && error.kind === 'network') return ERROR_MESSAGES.networkError;
  return null;
}

/** Answers meaning this session cannot see its own data: sign in again (SPEC.md §8). */
const SIGN_IN_AGAIN = new Set([401, 404]);

/**
 * Loads the user dashboard. On 401 or 404 the session is ended and the user sent to /login,
 * to come back here after signing in. `reload` asks again after a failure.
 */
export function useUserDashboard(): { state: UserDashboardState; reload: () => void } {
  const username = useAuth((s) => s.user?.username ?? null);
  const navigate = useNavigate();
  const [state, setState] = useState<UserDashboardState>({ status: 'loading' });
  const current = useRef<AbortController | null>(null);

  const load = useCallback(() => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setState({ status: 'loading' });
    // RequireAuth keeps visitors out; a missing user here is an error all the same.
    const request = username
      ? fetchUserDashboard(username, controller.signal)
      : Promise.reject(new Error('No signed-in user'));
    request
      .then((data) => {
        if (controller.signal.aborted) return;
        useAuth.getState().setUser(data.user);
        setState({ status: 'ready', data });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.kind === 'http' && SIGN_IN_AGAIN.has(error.status)) {
          useAuth.getState().signOut();
          navigate(paths.login, { replace: true, state: { redirectTo: paths.userDashboard } });
          return;
        }
        setState({ status: 'error', detail: failureDetail(error) });
      });
  }, [username, navigate]);

  useEffect(() => {
    load();
    return () => current.current?.abort();
  }, [load]);

  return { state, reload: load };
}
