import { once } from '../../lib/once.ts';
import { createOutbound } from '../../lib/outbound.ts';

type WebPush = typeof import('web-push');

/**
 * web-push, loaded at the first reminder sent rather than by every server at start. A CommonJS
 * module: at run time its functions are on the default export, which its types do not declare.
 */
const loadWebPush = once(() =>
  import('web-push').then((m) => (m as unknown as { default: WebPush }).default),
);

/** The browsers' push services (DESIGN.md §16); others only when the operator names them. */
export const KNOWN_PUSH_SERVICES = [
  'fcm.googleapis.com',
  '*.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
] as const;

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Delivers one notification; `gone` when the push service says the subscription is no more. */
export interface PushSender {
  /** True for an endpoint this sender would send to (https: on an allowed push service). */
  accepts(endpoint: string): boolean;
  send(target: PushTarget, payload: string): Promise<'delivered' | 'gone'>;
}

/** A push service's refusal other than "gone": the delivery is tried again later. */
export class PushServiceError extends Error {
  override name = 'PushServiceError';
  constructor(
    readonly statusCode: number,
    readonly reason: string,
  ) {
    super(`The push service answered ${statusCode}`);
  }
}

/** A reminder left undelivered for half a day is stale: the push service may drop it. */
const TTL_SECONDS = 12 * 60 * 60;
/** An error's explanation is kept for the log; an accepted push's answer is never read. */
const ERROR_BYTES = 2048;

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and an encrypted payload: web-push builds the request,
 * the outbound module sends it (allowed hosts, address checks, a deadline, a capped answer).
 */
export function createWebPushSender(options: {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: contact the push service can reach us at. */
  subject: string;
  /** PUSH_ALLOWED_HOSTS: push services besides the known ones. */
  allowedHosts: readonly string[];
  /** One push, connecting to reading the status. */
  deadlineMs?: number;
  /** Tests trust their fake push service's certificate. */
  ca?: string;
}): PushSender {
  const vapidDetails = {
    subject: options.subject,
    publicKey: options.publicKey,
    privateKey: options.privateKey,
  };
  const outbound = createOutbound({
    allowedHosts: [...KNOWN_PUSH_SERVICES, ...options.allowedHosts],
    namedHosts: options.allowedHosts,
    protocols: ['https:'],
    ...(options.ca ? { ca: options.ca } : {}),
  });
  return {
    accepts: (endpoint) => outbound.allows(endpoint),

    async send(target, payload) {
      // Saved before these rules, or under other ones: never sent to, and forgotten.
      if (!outbound.allows(target.endpoint)) return 'gone';
      const webpush = await loadWebPush();
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        // A newer reminder replaces one not yet delivered.
        { vapidDetails, TTL: TTL_SECONDS, topic: 'recaps-due' },
      );
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(details.headers)) {
        if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
      }
      const answer = await outbound.request(details.endpoint, {
        method: 'POST',
        headers,
        body: details.body,
        deadlineMs: options.deadlineMs ?? 10_000,
        maxBytes: (status) => (status >= 200 && status < 300 ? 0 : ERROR_BYTES),
      });
      if (answer.status === 404 || answer.status === 410) return 'gone';
      if (answer.status >= 200 && answer.status < 300) return 'delivered';
      throw new PushServiceError(answer.status, answer.body.toString('utf8'));
    },
  };
}
