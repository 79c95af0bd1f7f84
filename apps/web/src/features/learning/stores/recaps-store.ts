import { RECAP_MESSAGES, type RecapItem, type RecapRating } from '@grasp/contract';
import { create } from 'zustand';
import { ApiError } from '../../../lib/api-client.ts';
import { onSignOut } from '../../../lib/auth-store.ts';
import { fetchRecaps, reviewRecap } from '../api/recaps.ts';

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
  /** When the card is due again; null when another tab reviewed it first. Failures throw. */
  rate: (cardId: string, rating: RecapRating) => Promise<{ dueAt: string | null }>;
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
      const call: Promise<void> = fetchRecaps()
        .then((data) => {
          if (mine !== loadVersion) return;
          set({ status: 'ready', ...data, loadedAt: Date.now() });
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
        throw error;
      }
    },

    reset() {
      loadVersion++;
      loading = null;
      set({ ...EMPTY });
    },
  };
});

onSignOut(() => useRecaps.getState().reset());
