import { unitsResponseSchema } from '@grasp/contract';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth-store.ts';

export const unitsPath = (username: string) => `/api/stats/units/${encodeURIComponent(username)}`;

/** Answers that mean the saved session no longer stands (SPEC.md §4, §8). */
const SESSION_GONE = new Set([401, 403, 404]);

/**
 * Re-checks a restored session: refreshes the user (the plan may have changed) or clears the
 * session. A network failure or a 5xx keeps it; the next call will tell.
 */
export async function recheckSession(signal?: AbortSignal): Promise<void> {
  const { token, user } = useAuth.getState();
  if (!token || !user || signal?.aborted) return;
  // Only act if the session checked is still the current one when the answer arrives.
  const stillCurrent = () => !signal?.aborted && useAuth.getState().token === token;
  try {
    const body = await apiRequest<unknown>(unitsPath(user.username), { signal });
    if (!stillCurrent()) return;
    const parsed = unitsResponseSchema.safeParse(body);
    if (parsed.success) useAuth.getState().setUser(parsed.data.user);
    else useAuth.getState().signOut();
  } catch (error) {
    if (!stillCurrent()) return;
    if (error instanceof ApiError && error.kind === 'http' && SESSION_GONE.has(error.status)) {
      useAuth.getState().signOut();
    }
  }
}
