import { unitsResponseSchema } from '@grasp/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth-store.ts';

export const unitsPath = (username: string) => `/api/stats/units/${encodeURIComponent(username)}`;

/** Reloads the signed-in user so a new plan shows at once (profile menu, upgrade button). */
export async function refreshSignedInUser(): Promise<void> {
  const { user, token } = useAuth.getState();
  if (!user || !token) return;
  try {
    const parsed = unitsResponseSchema.safeParse(
      await apiRequest<unknown>(unitsPath(user.username)),
    );
    // Only if the same session is still signed in when the answer arrives.
    if (parsed.success && useAuth.getState().token === token) {
      useAuth.getState().setUser(parsed.data.user);
    }
  } catch {
    // The session check on the next start refreshes the user anyway.
  }
}
