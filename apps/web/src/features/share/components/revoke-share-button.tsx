import { useEffect, useState } from 'react';
import { failureMessage } from '../lib/failure-message.ts';
import { SHARE_MESSAGES } from '../lib/share-messages.ts';
import { sharesOfQuery, useShares } from '../stores/share-store.ts';

/**
 * Beside a concept of the recent list whose explanation has a public link: stops sharing it,
 * after a confirmation. Nothing when the concept is not shared.
 */
export function RevokeShareButton({ query }: { query: string }) {
  const shares = useShares((s) => s.shares);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void useShares.getState().load();
  }, []);

  const mine = sharesOfQuery(shares, query);
  if (mine.length === 0 && !error) return null;

  const revoke = async (button: HTMLButtonElement) => {
    if (busy || !window.confirm(SHARE_MESSAGES.revokeConfirm(query))) return;
    setBusy(true);
    setError(null);
    // The concept's own control in the same row: where focus goes once this one is gone.
    const row = button.closest('li');
    const concept = [...(row?.querySelectorAll<HTMLElement>('button, a[href]') ?? [])].find(
      (element) => element !== button,
    );
    try {
      // Every link to an explanation of this concept: the list has one entry per concept.
      for (const share of mine) await useShares.getState().revoke(share.shareId);
      if (document.activeElement === button || document.activeElement === document.body) {
        concept?.focus();
      }
    } catch (failure) {
      setError(failureMessage(failure, SHARE_MESSAGES.revokeFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className="flex shrink-0 items-center gap-2">
      {error && (
        <span role="alert" className="text-xs text-red-700 dark:text-red-400">
          {error}
        </span>
      )}
      {mine.length > 0 && (
        <button
          type="button"
          onClick={(event) => void revoke(event.currentTarget)}
          // Not disabled while busy: a disabled control drops the keyboard's focus.
          aria-disabled={busy || undefined}
          aria-label={`Stop sharing ${query}`}
          className="rounded-md border border-slate-300 px-2 py-1 text-xs font-medium text-slate-700 hover:border-red-400 hover:bg-red-50 hover:text-red-800 aria-disabled:opacity-60 dark:border-slate-700 dark:text-slate-300 dark:hover:border-red-500 dark:hover:bg-red-950 dark:hover:text-red-200"
        >
          {busy ? 'Stopping…' : 'Stop sharing'}
        </button>
      )}
    </span>
  );
}
