import type { IncomingMessage } from 'node:http';
import { Agent, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { PUSH_SERVICE_CERT, PUSH_SERVICE_KEY } from './push-service-cert.ts';

export interface PushDelivery {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/**
 * A push service (RFC 8030) on a local HTTPS port: takes the encrypted POST web-push sends, keeps it
 * with its headers, and answers 201, or the status a test sets for an endpoint path (410: the
 * subscription is gone).
 */
export async function startFakePushService() {
  const deliveries: PushDelivery[] = [];
  const statusOf = new Map<string, number>();
  const server = createServer({ key: PUSH_SERVICE_KEY, cert: PUSH_SERVICE_CERT }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      deliveries.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(statusOf.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    /** An agent that trusts this service's certificate, for web-push's requests. */
    agent: new Agent({ ca: PUSH_SERVICE_CERT }),
    deliveries,
    endpoint: (device: string) => `${origin}/push/${device}`,
    answer: (device: string, status: number) => statusOf.set(`/push/${device}`, status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
