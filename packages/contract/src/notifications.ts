import { z } from 'zod';

/** Reminders (DESIGN.md §11): at most one a day, at the learner's hour, only when recaps are due. */

export const DEFAULT_REMINDER_HOUR = 18;

/** True for a time zone the runtime knows by its IANA name (e.g. Asia/Kolkata). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name.length > 0;
  } catch {
    return false;
  }
}

export const notificationSettingsSchema = z.object({
  email: z.boolean().describe('An email when recaps are due'),
  push: z.boolean().describe('A push notification on the devices that subscribed'),
  hour: z.number().int().min(0).max(23).describe('Local hour (0–23) the reminder goes at'),
  timezone: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .refine(isTimeZone, 'must be an IANA time zone, e.g. Asia/Kolkata')
    .describe('IANA time zone the hour is in'),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const notificationSettingsResponseSchema = notificationSettingsSchema.extend({
  saved: z
    .boolean()
    .describe('False until the caller saves settings: the defaults, with UTC for the zone'),
});
export type NotificationSettingsResponse = z.infer<typeof notificationSettingsResponseSchema>;

export const vapidKeyResponseSchema = z.object({
  publicKey: z.string().describe('The VAPID public key (base64url), for PushManager.subscribe'),
});

/** The browser's PushSubscription.toJSON(). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url().max(2048).describe('The push service URL of this device'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().min(1).max(256),
    auth: z.string().min(1).max(64),
  }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

export const pushEndpointSchema = z.object({ endpoint: z.url().max(2048) });

/** What a push notification carries; the service worker shows it and opens `url` on a click. */
export const reminderPushSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
});
export type ReminderPush = z.infer<typeof reminderPushSchema>;

/** Test servers only: what one run of the reminder job did. */
export const reminderRunSchema = z.object({
  candidates: z.number().int(),
  claimed: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
});
export type ReminderRun = z.infer<typeof reminderRunSchema>;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const REMINDER_MESSAGES = {
  dueTitle: (due: number) => `${plural(due, 'recap', 'recaps')} due`,
  streakTitle: (days: number) => `Your ${days}-day streak ends today`,
  body: (due: number) =>
    `${plural(due, 'recap is', 'recaps are')} waiting. A few minutes now keeps what you learned.`,
  action: 'Review now',
  unsubscribeLine: 'Don’t want these emails?',
  unsubscribeAction: 'Turn off email reminders',
  unsubscribed: 'Email reminders are off. You can turn them on again in Grasp’s settings.',
  badUnsubscribeLink: 'This unsubscribe link is not valid.',
  settingsTitle: 'Reminders',
  settingsIntro: 'One reminder a day at your hour, only when recaps are due.',
  remindMe: 'Remind me when recaps are due',
  saved: 'Reminder settings saved.',
  saveFailed: 'Reminder settings could not be saved. Please try again.',
  loadFailed: 'Reminder settings could not be loaded.',
  pushDenied:
    'Notifications are blocked for Grasp in this browser. Allow them in the site settings to get push reminders.',
  pushUnsupported: 'This browser cannot receive push reminders.',
  pushServiceRefused:
    'This browser’s push service is not one Grasp can send reminders to. Email reminders still work.',
  offlineSaved: 'You are offline: this review is kept and sent when you are back online.',
  offlineSent: (n: number) => `${plural(n, 'review', 'reviews')} made offline sent.`,
  offlineRefused: (query: string) =>
    `Your offline review of “${query}” was not counted: it was reviewed meanwhile in another tab or device.`,
} as const;
