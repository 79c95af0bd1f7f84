/// <reference lib="webworker" />
import type { ReminderPush } from '@grasp/contract';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { APP_PAGES, paths } from '../config/paths.ts';
import { APP_SHELL_CACHE, USER_API_CACHE } from './caches.ts';
import { notificationTarget } from './notification-target.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: { url: string; revision: string | null }[];
};

/**
 * The app's service worker, registered by the signed-in app only (app/service-worker.ts). It
 * serves the app's own pages and the last due recaps offline; a visitor's public pages never go
 * through it (they are HTML first, and stay so).
 */
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** Every app page is the same shell; it is kept under one address. */
const SHELL = paths.review;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(APP_SHELL_CACHE)
      .then((cache) => cache.add(new Request(SHELL, { cache: 'reload' })))
      .then(() => self.skipWaiting()),
  );
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' &&
    url.origin === self.location.origin &&
    APP_PAGES.includes(url.pathname),
  async ({ request }) => {
    const cache = await caches.open(APP_SHELL_CACHE);
    try {
      const response = await fetch(request);
      if (response.ok) await cache.put(SHELL, response.clone());
      return response;
    } catch {
      return (await cache.match(SHELL)) ?? Response.error();
    }
  },
);

// The due recaps with their questions: fresh when online, the last ones offline.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === '/api/learning/recaps',
  new NetworkFirst({ cacheName: USER_API_CACHE, networkTimeoutSeconds: 5 }),
);

// Fonts load by script (Latin, Devanagari, …) as text needs them; each is kept once loaded.
registerRoute(
  ({ request }) => request.destination === 'font',
  new CacheFirst({ cacheName: 'grasp-fonts', plugins: [new ExpirationPlugin({ maxEntries: 40 })] }),
);

/** The server's reminder (contract ReminderPush), read without zod to keep this file small. */
function reminderOf(data: PushMessageData | null): ReminderPush | null {
  try {
    const value = data?.json() as Partial<ReminderPush> | undefined;
    const { title, body, url } = value ?? {};
    return typeof title === 'string' && typeof body === 'string' && typeof url === 'string'
      ? { title, body, url }
      : null;
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const reminder = reminderOf(event.data);
  if (!reminder) return;
  const { title, body, url } = reminder;
  event.waitUntil(
    self.registration.showNotification(title, {
      body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: 'recaps-due',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(notificationTarget(event.notification.data, self.location.origin));
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === target.origin);
      if (open) {
        await open.focus();
        await open.navigate(target.href);
      } else {
        await self.clients.openWindow(target.href);
      }
    })(),
  );
});
