import type { Share, ShareVisibility } from '@grasp/contract';
import { create } from 'zustand';
import { onSignOut } from '../../../lib/auth-store.ts';
import { createShare, fetchShares, revokeShare } from '../api/shares.ts';

export interface ShareState {
  /** The user's working links that this tab knows of, newest first. */
  shares: Share[];
  /** Loads the user's links once (the recent list shows which concepts are shared). */
  load: () => Promise<void>;
  /** The link to an explanation: made on first use, the same one afterwards. */
  linkFor: (explanationId: string, visibility?: ShareVisibility) => Promise<Share>;
  revoke: (shareId: string) => Promise<void>;
  clear: () => void;
}

let loading: Promise<void> | null = null;

const keyOf = (query: string) => query.trim().toLowerCase();

/** The user's links to explanations of a concept (the recent list is by concept). */
export const sharesOfQuery = (shares: readonly Share[], query: string) =>
  shares.filter((share) => keyOf(share.query) === keyOf(query));

export const useShares = create<ShareState>()((set, get) => ({
  shares: [],
  load: () => {
    loading ??= fetchShares()
      .then((listed) => {
        // Links made while the list was on its way stay.
        const known = new Set(listed.map((s) => s.shareId));
        set((s) => ({ shares: [...s.shares.filter((x) => !known.has(x.shareId)), ...listed] }));
      })
      .catch(() => {
        // The list only adds the revoke control; without it the dashboard works as before.
        loading = null;
      });
    return loading;
  },
  linkFor: async (explanationId, visibility) => {
    const kept = get().shares.find((s) => s.explanationId === explanationId);
    if (kept && (!visibility || kept.visibility === visibility)) return kept;
    const share = await createShare({ explanationId, ...(visibility ? { visibility } : {}) });
    set((s) => ({
      shares: [share, ...s.shares.filter((x) => x.shareId !== share.shareId)],
    }));
    return share;
  },
  revoke: async (shareId) => {
    await revokeShare(shareId);
    set((s) => ({ shares: s.shares.filter((x) => x.shareId !== shareId) }));
  },
  clear: () => {
    loading = null;
    set({ shares: [] });
  },
}));

onSignOut(() => useShares.getState().clear());
