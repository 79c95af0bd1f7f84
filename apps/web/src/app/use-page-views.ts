import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '../lib/auth-store.ts';

export const PAGE_VIEW_PATH = '/api/analytics/pageview';

/** Query strings and fragments may hold tokens or search terms: never sent (privacy). */
const bare = (url: string) => url.split(/[?#]/, 1)[0] ?? '';

/**
 * Fire-and-forget: keepalive lets the request outlive a page being closed, and it carries the
 * bearer token (which sendBeacon cannot), so the server can attach the user id.
 */
export function sendPageView(path: string, referrer: string, token: string | null): void {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const from = bare(referrer).slice(0, 500);
  const body = JSON.stringify({ path: path.slice(0, 300), ...(from ? { referrer: from } : {}) });
  fetch(PAGE_VIEW_PATH, { method: 'POST', headers, body, keepalive: true }).catch(() => undefined);
}

/** Long enough for a redirect's navigation to land, short enough to survive a quick close. */
export const PAGE_VIEW_SETTLE_MS = 100;

/**
 * One page view per route change (SPEC.md §2): a new path, not a new hash or query. The first
 * view's referrer is the document's; later ones name the in-app page the user came from. A path
 * left again at once (a redirect such as / → /dashboard) is not counted: the view is sent only
 * once the path has settled.
 */
export function usePageViews(): void {
  const { pathname } = useLocation();
  const last = useRef<string | null>(null);
  useEffect(() => {
    // A re-run for a path already counted sends nothing.
    if (last.current === pathname) return;
    const timer = setTimeout(() => {
      const referrer =
        last.current === null ? document.referrer : `${window.location.origin}${last.current}`;
      last.current = pathname;
      sendPageView(pathname, referrer, useAuth.getState().token);
    }, PAGE_VIEW_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [pathname]);
}
