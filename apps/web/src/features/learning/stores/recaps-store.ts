import { RECAP_MESSAGES, type RecapItem, type RecapRating } from '@grasp/contract';
import { create } from 'zustand';
import { ApiError } from '../../../lib/api-client.ts';
import { onSignOut, useAuth } from '../../../lib/auth-store.ts';
import { fetchRecaps, reviewRecap } from '../api/recaps.ts';
import {
  forgetOfflineReview,
  keepOfflineReview,
  offlineReviewsOf,
} from '../lib/offline-reviews.ts';

export interface RecapsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  /** The due cards still to review in this session, longest overdue first. */
  due: RecapItem[];
  /** All due cards, also those the server has not sent yet. */
  dueCount: number;
  upcoming: number;
  nextDueAt: string | null;
  loadedAt: number | null;
  load: () => Promise<void>;
  /** Loads again when the last answer is older than `maxAgeMs` (the navigation's badge). */
  refresh: (maxAgeMs: number) => void;
  /**
   * When the card is due again; null when another tab reviewed it first, or when there is no
   * connection (`offline`: the review is kept and sent later). Other failures throw.
   */
  rate: (
    cardId: string,
    rating: RecapRating,
  ) => Promise<{ dueAt: string | null; offline?: boolean }>;
  /**
   * Sends the reviews made offline: how many counted, and the concepts of those the server
   * refused (reviewed meanwhile elsewhere). Those not sent yet (still offline) stay kept.
   */
  sendOffline: () => Promise<{ sent: number; refused: string[] }>;
  reset: () => void;
}

const EMPTY = {
  status: 'idle',
  error: null,
  due: [],
  dueCount: 0,
  upcoming: 0,
  nextDueAt: null,
  loadedAt: null,
} satisfies Partial<RecapsState>;

let loadVersion = 0;
let loading: Promise<void> | null = null;

const earlier = (a: string | null, b: string) => (a !== null && a < b ? a : b);
const userId = () => useAuth.getState().user?.id ?? '';
const unreachable = (error: unknown) =>
  error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout');

/** The user's recap queue, shared by /review, the navigation badge and /user-dashboard. */
export const useRecaps = create<RecapsState>()((set, get) => {
  /** Takes a card out of the session; the next batch comes when this one is done. */
  const done = (cardId: string, dueAgainAt: string | null) => {
    // A list asked for before this review could bring the card back: it is dropped.
    loadVersion++;
    loading = null;
    const { due, dueCount, upcoming, nextDueAt } = get();
    const rest = due.filter((c) => c.cardId !== cardId);
    set({
      due: rest,
      dueCount: Math.max(0, dueCount - 1),
      ...(dueAgainAt ? { upcoming: upcoming + 1, nextDueAt: earlier(nextDueAt, dueAgainAt) } : {}),
    });
    if (rest.length === 0 && dueCount - 1 > 0) void get().load();
  };

  return {
    ...EMPTY,

    load() {
      const mine = ++loadVersion;
      set((s) => ({ status: s.status === 'ready' ? 'ready' : 'loading', error: null }));
      const call: Promise<void> = Promise.all([fetchRecaps(), offlineReviewsOf(userId())])
        .then(([data, kept]) => {
          if (mine !== loadVersion) return;
          // Offline, the answer is the one kept before: cards reviewed since are not shown again.
          const reviewed = new Set(kept.map((r) => r.cardId));
          const due = data.due.filter((c) => !reviewed.has(c.cardId));
          const dueCount = Math.max(0, data.dueCount - (data.due.length - due.length));
          set({ status: 'ready', ...data, due, dueCount, loadedAt: Date.now() });
        })
        .catch((error: unknown) => {
          if (mine !== loadVersion) return;
          const message = error instanceof ApiError ? error.message : RECAP_MESSAGES.loadFailed;
          set({ status: 'error', error: message });
        })
        .finally(() => {
          if (loading === call) loading = null;
        });
      loading = call;
      return call;
    },

    refresh(maxAgeMs) {
      const { loadedAt } = get();
      if (loading || (loadedAt !== null && Date.now() - loadedAt < maxAgeMs)) return;
      void get().load();
    },

    async rate(cardId, rating) {
      try {
        const { dueAt } = await reviewRecap(cardId, rating);
        done(cardId, dueAt);
        return { dueAt };
      } catch (error) {
        if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
          done(cardId, null);
          return { dueAt: null };
        }
        const card = get().due.find((c) => c.cardId === cardId);
        if (!unreachable(error) || !card) throw error;
        await keepOfflineReview({
          userId: userId(),
          cardId,
          query: card.query,
          rating,
          madeAt: new Date().toISOString(),
        });
        done(cardId, null);
        return { dueAt: null, offline: true };
      }
    },

    async sendOffline() {
      let sent = 0;
      const refused: string[] = [];
      const sender = userId();
      for (const review of await offlineReviewsOf(sender)) {
        // Signed out meanwhile: what is left was forgotten, and must not go under another account.
        if (userId() !== sender) break;
        try {
          await reviewRecap(review.cardId, review.rating);
          sent++;
        } catch (error) {
          if (unreachable(error)) break;
          if (!(error instanceof ApiError && (error.status === 409 || error.status === 404))) {
            break;
          }
          refused.push(review.query);
        }
        await forgetOfflineReview(review);
      }
      return { sent, refused };
    },

    reset() {
      loadVersion++;
      loading = null;
      set({ ...EMPTY });
    },
  };
});

onSignOut(() => useRecaps.getState().reset());
