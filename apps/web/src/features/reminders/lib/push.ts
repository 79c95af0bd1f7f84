import { REMINDER_MESSAGES } from '@grasp/contract';
import {
  deleteSubscription,
  fetchVapidKey,
  saveSubscription,
} from '../api/notification-settings.ts';

export const pushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/**
 * Asks for permission (a click started this), subscribes this device with the server's VAPID key
 * and hands the subscription to the server. Throws an Error with the message to show.
 */
export async function subscribeThisDevice(): Promise<void> {
  if (!pushSupported()) throw new Error(REMINDER_MESSAGES.pushUnsupported);
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error(REMINDER_MESSAGES.pushDenied);
  const registration = await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  const subscription =
    existing ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(await fetchVapidKey()),
    }));
  await saveSubscription(subscription.toJSON());
}

/** Forgets this device's subscription, here and on the server. */
export async function unsubscribeThisDevice(): Promise<void> {
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await deleteSubscription(subscription.endpoint);
  await subscription.unsubscribe();
}

/**
 * On sign-out: the server forgets this device (with the session's `token`, still valid), then
 * the browser does, even when the server could not be told (offline), so the next person on the
 * device gets no one else's reminders.
 */
export async function forgetThisDevice(token: string): Promise<void> {
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  try {
    await deleteSubscription(subscription.endpoint, token);
  } finally {
    await subscription.unsubscribe();
  }
}
