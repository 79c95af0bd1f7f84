import type { Agent } from 'node:https';

import { once } from '../../lib/once.ts';

type WebPush = typeof import('web-push');

/**
 * web-push, loaded at the first reminder sent rather than by every server at start. A CommonJS
 * module: at run time its functions are on the default export, which its types do not declare.
 */
const loadWebPush = once(() =>
  import('web-push').then((m) => (m as unknown as { default: WebPush }).default),
);

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Delivers one notification; `gone` when the push service says the subscription is no more. */
export interface PushSender {
  send(target: PushTarget, payload: string): Promise<'delivered' | 'gone'>;
}

/** A reminder left undelivered for half a day is stale: the push service may drop it. */
const TTL_SECONDS = 12 * 60 * 60;

/** Web Push (RFC 8030) with VAPID (RFC 8292) and an encrypted payload, by the web-push library. */
export function createWebPushSender(options: {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: contact the push service can reach us at. */
  subject: string;
  timeoutMs?: number;
  /** Tests pass one that trusts their fake push service's certificate. */
  agent?: Agent;
}): PushSender {
  const vapidDetails = {
    subject: options.subject,
    publicKey: options.publicKey,
    privateKey: options.privateKey,
  };
  return {
    async send(target, payload) {
      const webpush = await loadWebPush();
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          {
            vapidDetails,
            TTL: TTL_SECONDS,
            // A newer reminder replaces one not yet delivered.
            topic: 'recaps-due',
            timeout: options.timeoutMs ?? 10_000,
            ...(options.agent ? { agent: options.agent } : {}),
          },
        );
        return 'delivered';
      } catch (error) {
        if (
          error instanceof webpush.WebPushError &&
          (error.statusCode === 404 || error.statusCode === 410)
        )
          return 'gone';
        throw error;
      }
    },
  };
}
