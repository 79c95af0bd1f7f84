import type { RecapRating } from '@grasp/contract';

/** A review made offline, kept until it reaches the server (IndexedDB, so a reload keeps it). */
export interface OfflineReview {
  userId: string;
  cardId: string;
  query: string;
  rating: RecapRating;
  madeAt: string;
}

/** idb-keyval and its store, loaded the first time a review is kept or looked for. */
let kept: Promise<{
  kv: typeof import('idb-keyval');
  store: ReturnType<typeof import('idb-keyval').createStore>;
}> | null = null;
const keptReviews = () => {
  kept ??= import('idb-keyval').then((kv) => ({
    kv,
    store: kv.createStore('grasp-offline', 'recap-reviews'),
  }));
  return kept;
};
const keyOf = (r: { userId: string; cardId: string }) => `${r.userId} ${r.cardId}`;

export async function keepOfflineReview(review: OfflineReview): Promise<void> {
  const { kv, store } = await keptReviews();
  await kv.set(keyOf(review), review, store);
}

export async function forgetOfflineReview(review: OfflineReview): Promise<void> {
  const { kv, store } = await keptReviews();
  await kv.del(keyOf(review), store);
}

/** The user's reviews still to send, oldest first. */
export async function offlineReviewsOf(userId: string): Promise<OfflineReview[]> {
  if (typeof indexedDB === 'undefined') return [];
  const { kv, store } = await keptReviews();
  const all = await kv.entries<string, OfflineReview>(store);
  return all
    .map(([, review]) => review)
    .filter((r) => r.userId === userId)
    .sort((a, b) => a.madeAt.localeCompare(b.madeAt));
}

/**
 * Forgets every review kept on this device, sent or not: after a sign-out the next person on a
 * shared device must neither see them nor send them under their own account.
 */
export async function forgetOfflineData(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  const { kv, store } = await keptReviews();
  await kv.clear(store);
}
