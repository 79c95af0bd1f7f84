import { onSignOut } from '../lib/auth-store.ts';
import { USER_API_CACHE } from '../sw/caches.ts';

/**
 * Registers the installable app's service worker (src/sw/service-worker.ts). Only the signed-in
 * app calls this: a visitor's public pages never get one. Failing to register changes nothing
 * but offline use.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/service-worker.js', { scope: '/' }).catch(() => undefined);
}

// The last recaps the worker kept belong to the user signing out: the next one must not see them.
onSignOut(() => {
  if ('caches' in globalThis) void caches.delete(USER_API_CACHE);
});
