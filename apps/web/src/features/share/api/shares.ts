import {
  type CreateShareRequest,
  type Share,
  shareSchema,
  sharesResponseSchema,
} from '@grasp/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const SHARES_PATH = '/api/share';

/** The public link to one of the user's explanations; the same one when asked again. */
export async function createShare(input: CreateShareRequest): Promise<Share> {
  return shareSchema.parse(await apiRequest<unknown>(SHARES_PATH, { body: input }));
}

/** The user's links that still work, newest first. */
export async function fetchShares(signal?: AbortSignal): Promise<Share[]> {
  return sharesResponseSchema.parse(await apiRequest<unknown>(SHARES_PATH, { signal })).shares;
}

/** Ends a link: its page answers 404 from now on. */
export async function revokeShare(shareId: string): Promise<void> {
  await apiRequest<unknown>(`${SHARES_PATH}/${encodeURIComponent(shareId)}`, {
    method: 'DELETE',
  });
}
