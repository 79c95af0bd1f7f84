import { onSignOut } from '../lib/auth-store.ts';
import { USER_API_CACHE } from '../sw/caches.ts';

/** After the page has loaded and settled: installing precaches the app's scripts. */
const REGISTER_AFTER_MS = 5_000;
let registering = false;

/**
 * Registers the installable app's service worker (src/sw/service-worker.ts). Only the signed-in
 * app calls this: a visitor's public pages never get one. It waits until the page has settled,
 * so the install's downloads never compete with a first paint. Failing to register changes
 * nothing but offline use.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator) || registering) return;
  registering = true;
  const register = () =>
    setTimeout(() => {
      navigator.serviceWorker.register('/service-worker.js', { scope: '/' }).catch(() => undefined);
    }, REGISTER_AFTER_MS);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

// The last recaps the worker kept belong to the user signing out: the next one must not see them.
onSignOut(() => {
  if ('caches' in globalThis) void caches.delete(USER_API_CACHE);
});
