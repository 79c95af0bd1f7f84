import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetFakeIdb } from '../../../testing/fake-idb-keyval.ts';
import {
  forgetOfflineData,
  keepOfflineReview,
  type OfflineReview,
  offlineReviewsOf,
} from './offline-reviews.ts';

vi.mock('idb-keyval', () => import('../../../testing/fake-idb-keyval.ts'));

const review = (userId: string, cardId: string, madeAt: string): OfflineReview => ({
  userId,
  cardId,
  query: `concept ${cardId}`,
  rating: 'good',
  madeAt,
});

describe('offline reviews', () => {
  beforeEach(() => vi.stubGlobal('indexedDB', {}));
  afterEach(() => {
    resetFakeIdb();
    vi.unstubAllGlobals();
  });

  it("keeps each user's reviews apart, oldest first", async () => {
    await keepOfflineReview(review('u1', 'b', '2026-01-02T00:00:00Z'));
    await keepOfflineReview(review('u1', 'a', '2026-01-01T00:00:00Z'));
    await keepOfflineReview(review('u2', 'c', '2026-01-01T00:00:00Z'));
    expect((await offlineReviewsOf('u1')).map((r) => r.cardId)).toEqual(['a', 'b']);
    expect((await offlineReviewsOf('u2')).map((r) => r.cardId)).toEqual(['c']);
  });

  it('forgets every review kept on the device, whoever made it', async () => {
    await keepOfflineReview(review('u1', 'a', '2026-01-01T00:00:00Z'));
    await keepOfflineReview(review('u2', 'c', '2026-01-01T00:00:00Z'));
    await forgetOfflineData();
    expect(await offlineReviewsOf('u1')).toEqual([]);
    expect(await offlineReviewsOf('u2')).toEqual([]);
  });
});
