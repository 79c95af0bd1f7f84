import { ApiError } from '../../../lib/api-client.ts';

/**
 * What to tell the user when a share or export call failed: the server's own words for a
 * refusal they can act on (not found, too many requests), else the action's plain message.
 */
export function failureMessage(error: unknown, fallback: string): string {
  const refusal =
    error instanceof ApiError &&
    error.kind === 'http' &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 401;
  return refusal ? `${fallback} (${error.message})` : fallback;
}
