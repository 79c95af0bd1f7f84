import { paths } from '../../../config/paths.ts';

interface LoginState {
  redirectTo?: unknown;
  initialQuery?: unknown;
}

/** Where to go after signing in: an in-app path only, so a crafted state cannot leave the site. */
export function redirectTarget(state: unknown): string {
  const value = (state as LoginState | null)?.redirectTo;
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//')
    ? value
    : paths.dashboard;
}

/** The landing search may send its query along; the dashboard reads it from the state. */
export function forwardedState(state: unknown): { initialQuery: string } | undefined {
  const value = (state as LoginState | null)?.initialQuery;
  return typeof value === 'string' && value.trim() ? { initialQuery: value } : undefined;
}
