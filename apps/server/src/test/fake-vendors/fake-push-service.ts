import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { PUSH_SERVICE_CERT, PUSH_SERVICE_KEY } from './push-service-cert.ts';

export interface PushDelivery {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/**
 * How a hostile push service answers: 201, then bytes without end, fast (`flood`) or one at a
 * time (`trickle`); or not at all (`silent`).
 */
export type PushServiceMischief = 'flood' | 'trickle' | 'silent';

/** Misbehaves until the client hangs up, counting the bytes that went out. */
function misbehave(res: ServerResponse, mischief: PushServiceMischief, sent: (n: number) => void) {
  if (mischief === 'silent') return;
  res.writeHead(201);
  if (mischief === 'trickle') {
    const timer = setInterval(() => {
      res.write('x');
      sent(1);
    }, 20);
    res.on('close', () => clearInterval(timer));
    return;
  }
  const chunk = Buffer.alloc(64 * 1024, 120);
  const pump = () => {
    while (!res.destroyed) {
      sent(chunk.length);
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
  };
  pump();
}

/**
 * A push service (RFC 8030) on a local HTTPS port: takes the encrypted POST web-push sends, keeps it
 * with its headers, and answers 201, or the status a test sets for an endpoint path (410: the
 * subscription is gone), or misbehaves as a test asks.
 */
export async function startFakePushService() {
  const deliveries: PushDelivery[] = [];
  const statusOf = new Map<string, number>();
  const mischiefOf = new Map<string, PushServiceMischief>();
  let bytesSent = 0;
  const server = createServer({ key: PUSH_SERVICE_KEY, cert: PUSH_SERVICE_CERT }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      deliveries.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      const mischief = mischiefOf.get(path);
      if (mischief) misbehave(res, mischief, (n) => (bytesSent += n));
      else res.writeHead(statusOf.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const origin = `https://${host}`;
  return {
    origin,
    /** For PUSH_ALLOWED_HOSTS: a push service on loopback is reached only when named. */
    host,
    /** Its self-signed certificate, to trust. */
    ca: PUSH_SERVICE_CERT,
    deliveries,
    endpoint: (device: string) => `${origin}/push/${device}`,
    answer: (device: string, status: number) => statusOf.set(`/push/${device}`, status),
    misbehave: (device: string, mischief: PushServiceMischief) =>
      mischiefOf.set(`/push/${device}`, mischief),
    /** Bytes of misbehaving answers that left (what the client did not refuse). */
    bytesSent: () => bytesSent,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
