import {
  type RecapRating,
  type RecapReviewResponse,
  type RecapsResponse,
  recapReviewResponseSchema,
  recapsResponseSchema,
} from '@grasp/contract';
import { apiRequest, parsedBody } from '../../../lib/api-client.ts';

export const RECAPS_PATH = '/api/learning/recaps';
export const reviewPath = (cardId: string) => `${RECAPS_PATH}/${encodeURIComponent(cardId)}/review`;

/** GET /api/learning/recaps: the due recaps and what is still to come. */
export async function fetchRecaps(signal?: AbortSignal): Promise<RecapsResponse> {
  return parsedBody(recapsResponseSchema, await apiRequest<unknown>(RECAPS_PATH, { signal }));
}

/** POST /api/learning/recaps/{cardId}/review: the rating; answers when the card is due next. */
export async function reviewRecap(
  cardId: string,
  rating: RecapRating,
): Promise<RecapReviewResponse> {
  const body = await apiRequest<unknown>(reviewPath(cardId), { body: { rating } });
  return parsedBody(recapReviewResponseSchema, body);
}
