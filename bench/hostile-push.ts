/**
 * The reminder job against push services that misbehave (issue 37), on the built server: each of
 * three learners has 10 devices on one kind of "push service" on loopback (named in
 * PUSH_ALLOWED_HOSTS): a normal one (201, empty: the baseline), one that answers 201 and then
 * streams STREAM_MB (default 150) as fast as it is read, and one that never answers. Prints the
 * server's RSS growth (goal ≤ 20 MB over the baseline's) and the wall time of each run (a push
 * gives up at its 10 s deadline).
 * Needs a build (npm run build). Run: npm run bench:hostile-push
 */
import { writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  PUSH_SERVICE_CERT,
  PUSH_SERVICE_KEY,
} from '../apps/server/src/test/fake-vendors/push-service-cert.ts';
import { basePort, print, printRows, rssMb, type Started, signUp, startServer } from './lib.ts';

const STREAM_BYTES = Number(process.env.STREAM_MB ?? 150) * 1024 * 1024;
const DEVICES = 10;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const kinds = ['normal', 'streaming', 'silent'] as const;
type Kind = (typeof kinds)[number];

/** 201, then STREAM_BYTES as fast as the client takes them; counts what left. */
function stream(res: ServerResponse, sent: { bytes: number }) {
  res.writeHead(201);
  const chunk = Buffer.alloc(64 * 1024, 120);
  let left = STREAM_BYTES;
  const pump = () => {
    while (left > 0 && !res.destroyed) {
      left -= chunk.length;
      sent.bytes += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    res.end();
  };
  pump();
}

async function startPushService() {
  const sent = { bytes: 0 };
  const server = createServer({ key: PUSH_SERVICE_KEY, cert: PUSH_SERVICE_CERT }, (req, res) => {
    req.resume();
    req.on('end', () => {
      const kind = /^\/push\/(\w+)-/.exec(req.url ?? '')?.[1] as Kind | undefined;
      if (kind === 'streaming') stream(res, sent);
      else if (kind !== 'silent') res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    host,
    sent,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function call(server: Started, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<unknown>;
}

/** A learner with a recap (one explanation) and 10 devices on one kind of push service. */
async function learner(server: Started, kind: Kind, pushHost: string) {
  const token = await signUp(server, `push${kind}${Date.now() % 100000}`);
  await call(server, token, 'POST', '/api/ai/aiResponseGoogle', {
    query: `gravity ${kind}`,
    template: 'default',
    difficulty: 'beginner',
    provider: 'offline',
  });
  const keys = {
    p256dh:
      'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  };
  for (let d = 0; d < DEVICES; d++) {
    const endpoint = `https://${pushHost}/push/${kind}-${d}`;
    await call(server, token, 'POST', '/api/notifications/subscriptions', { endpoint, keys });
  }
  return token;
}

const push = await startPushService();
const caFile = join(tmpdir(), `grasp-bench-push-ca-${process.pid}.pem`);
writeFileSync(caFile, PUSH_SERVICE_CERT);
const server = await startServer('apps/server/dist/main.js', basePort(3341), {
  // The test clock reaches the recaps' due day; the job is run on demand.
  NODE_ENV: 'test',
  TEST_CLOCK: 'true',
  RATE_LIMIT_SCALE: '1000',
  PUSH_ALLOWED_HOSTS: push.host,
  NODE_EXTRA_CA_CERTS: caFile,
});
try {
  // Ten days on every recap is due; each learner's hour is the next, so each run reaches one.
  const dueHour = Math.floor((Date.now() + 10 * DAY) / HOUR) * HOUR;
  for (const [k, kind] of kinds.entries()) {
    const token = await learner(server, kind, push.host);
    const hour = new Date(dueHour + k * HOUR).getUTCHours();
    const settings = { email: false, push: true, hour, timezone: 'UTC' };
    await call(server, token, 'PUT', '/api/me/notifications', settings);
  }
  const rows: (string | number)[][] = [];
  for (const [k, kind] of kinds.entries()) {
    const offsetMs = dueHour + k * HOUR + 5 * 60 * 1000 - Date.now();
    await call(server, '', 'POST', '/api/test/clock', { offsetMs });
    const before = rssMb(server.child.pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(server.child.pid));
    }, 20);
    const sentBefore = push.sent.bytes;
    const started = performance.now();
    const run = (await call(server, '', 'POST', '/api/test/jobs/reminders')) as {
      sent: number;
      failed: number;
    };
    const wallS = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(server.child.pid));
    rows.push([
      kind,
      `${run.sent}/${run.failed}`,
      wallS.toFixed(2),
      before,
      peak,
      peak - before,
      ((push.sent.bytes - sentBefore) / 1024 / 1024).toFixed(1),
    ]);
  }
  print(
    `reminder job, one learner with ${DEVICES} devices per push service; streaming offers ${STREAM_BYTES / 1024 / 1024} MB per push`,
  );
  printRows(
    [['push service', 'sent/fail', 'wall s', 'RSS MB', 'peak MB', 'growth', 'MB sent'], ...rows],
    16,
  );
  print(
    'goal: growth ≤ 20 MB beside the normal service; a push given up at its 10 s deadline (the silent one: 10 devices, 4 at once: 3 × 10 s)',
  );
} finally {
  await server.stop();
  await push.close();
}
