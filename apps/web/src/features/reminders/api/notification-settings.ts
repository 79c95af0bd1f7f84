import {
  type NotificationSettings,
  type NotificationSettingsResponse,
  notificationSettingsResponseSchema,
  vapidKeyResponseSchema,
} from '@grasp/contract';
import { apiRequest, parsedBody } from '../../../lib/api-client.ts';

const SETTINGS_PATH = '/api/me/notifications';
const SUBSCRIPTIONS_PATH = '/api/notifications/subscriptions';

/** GET /api/me/notifications */
export async function fetchReminderSettings(): Promise<NotificationSettingsResponse> {
  return parsedBody(notificationSettingsResponseSchema, await apiRequest<unknown>(SETTINGS_PATH));
}

/** PUT /api/me/notifications */
export async function saveReminderSettings(
  settings: NotificationSettings,
): Promise<NotificationSettingsResponse> {
  const body = await apiRequest<unknown>(SETTINGS_PATH, { method: 'PUT', body: settings });
  return parsedBody(notificationSettingsResponseSchema, body);
}

/** GET /api/notifications/vapid-key: the key PushManager.subscribe needs. */
export async function fetchVapidKey(): Promise<string> {
  const body = await apiRequest<unknown>('/api/notifications/vapid-key');
  return parsedBody(vapidKeyResponseSchema, body).publicKey;
}

/** POST /api/notifications/subscriptions: this device's PushSubscription. */
export async function saveSubscription(subscription: PushSubscriptionJSON): Promise<void> {
  await apiRequest(SUBSCRIPTIONS_PATH, { body: subscription });
}

/**
 * DELETE /api/notifications/subscriptions. On sign-out the session's token is given, as the app
 * has already forgotten it.
 */
export async function deleteSubscription(endpoint: string, token?: string): Promise<void> {
  await apiRequest(SUBSCRIPTIONS_PATH, {
    method: 'DELETE',
    body: { endpoint },
    ...(token
      ? { headers: { Authorization: `Bearer ${token}` }, skipUnauthorizedHandler: true }
      : {}),
  });
}
