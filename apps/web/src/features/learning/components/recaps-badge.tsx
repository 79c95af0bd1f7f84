import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useRecaps } from '../stores/recaps-store.ts';

/** How stale the navigation's count may get before a page change asks again. */
const BADGE_MAX_AGE_MS = 60_000;

/** Keeps the due count fresh while signed in: asked at start and on page changes, at most once a minute. */
export function useRecapsCount(signedIn: boolean): void {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a page change is the trigger.
  useEffect(() => {
    if (signedIn) useRecaps.getState().refresh(BADGE_MAX_AGE_MS);
  }, [pathname, signedIn]);
}

/** The small count of due recaps on the navigation's Dashboard entry; nothing when none. */
export function RecapsBadge() {
  const count = useRecaps((s) => (s.status === 'ready' ? s.dueCount : 0));
  if (count === 0) return null;
  return (
    <span
      data-testid="recaps-badge"
      className="ml-1.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-amber-400 px-1.5 text-xs font-bold text-slate-900"
    >
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{` (${count} ${count === 1 ? 'recap' : 'recaps'} due)`}</span>
    </span>
  );
}
