/**
 * Starting a Pro payment through PhonePe v2 (POST /api/payment/initiate: the server's checks, a
 * payment row, a token from its cache and PhonePe's /checkout/v2/pay) under 50 connections, 10 s
 * a round, against the fake PhonePe in a process of its own with a fixed latency. Beside it in the
 * same run: the fake's own /checkout/v2/pay under the same load (the baseline the server's p99 is
 * compared with; goal: p99 added ≤ 50 ms) and a bare hello-world (the machine's own tail).
 * Needs a build (npm run build). Run: npm run bench:payments (BENCH_PORT moves the servers).
 * Set DATABASE_URL=postgres://… to run the server on PostgreSQL instead of SQLite, and
 * CPU_PROF_DIR=… to profile the server (then: npx tsx bench/profile-summary.ts <file>).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type autocannon from 'autocannon';
import { basePort, cpuMs, type LoadFigures, load, median, signUp, startServer } from './lib.ts';

const ROUNDS = 3;

const FAKE_LATENCY_MS = 20;
const CREDENTIALS = {
  PHONEPE_CLIENT_ID: 'GRASPUAT_2501011200',
  PHONEPE_CLIENT_SECRET: 'fake-client-secret-7d1e',
  PHONEPE_CLIENT_VERSION: '1',
};

const port = basePort(4600);
const fakePort = port + 2;
const fakeBase = `http://127.0.0.1:${fakePort}/apis/pg-sandbox`;
const fake = spawn(
  process.execPath,
  ['--import', 'tsx', 'bench/fake-phonepe.ts', String(fakePort), String(FAKE_LATENCY_MS)],
  { stdio: ['ignore', 'ignore', 'inherit'] },
);
// The fake goes down with the bench, whatever stops it (its handle alone would keep us running).
const stopFake = () => fake.kill('SIGTERM');
process.on('exit', stopFake);
for (let i = 0; i < 100; i++) {
  if (await fetch(`${fakeBase}/health`).catch(() => null)) break;
  await new Promise((r) => setTimeout(r, 200));
}
const profileDir = process.env.CPU_PROF_DIR;
const server = await startServer(
  'apps/server/dist/main.js',
  port,
  {
    RATE_LIMIT_SCALE: '100000',
    PAYMENT_GATEWAY: 'phonepe',
    PHONEPE_ENV: 'sandbox',
    PHONEPE_BASE_URL: fakeBase,
    ...CREDENTIALS,
    PHONEPE_WEBHOOK_USERNAME: 'grasp_webhook',
    PHONEPE_WEBHOOK_PASSWORD: 'hook2pass9word',
    SELLER_NAME: 'Grasp Bench',
    SELLER_ADDRESS: 'Bengaluru',
    SELLER_GSTIN: '29ABCDE1234F1Z5',
    SELLER_STATE: 'Karnataka',
  },
  profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
);
const hello = await startServer('bench/hello-world.mjs', port + 1);
try {
  const username = `bench${Date.now()}`;
  const token = await signUp(server, username);
  const units = (await (
    await fetch(`${server.url}/api/stats/units/${username}`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { user: { id: string } };
  const initiateBody = JSON.stringify({
    amount: 9900,
    userId: units.user.id,
    redirectUrl: `${server.url}/payment-status`,
    productId: 'pro_plan',
    buyerState: '29',
  });
  const oauth = (await (
    await fetch(`${fakeBase}/v1/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: CREDENTIALS.PHONEPE_CLIENT_ID,
        client_secret: CREDENTIALS.PHONEPE_CLIENT_SECRET,
        client_version: CREDENTIALS.PHONEPE_CLIENT_VERSION,
        grant_type: 'client_credentials',
      }),
    })
  ).json()) as { access_token: string };
  const fakePay = () => ({
    method: 'POST' as const,
    path: '/apis/pg-sandbox/checkout/v2/pay',
    headers: {
      'content-type': 'application/json',
      authorization: `O-Bearer ${oauth.access_token}`,
    },
    setupRequest: (req: autocannon.Request) => ({
      ...req,
      body: JSON.stringify({
        merchantOrderId: `BENCH_${randomBytes(10).toString('hex')}`,
        amount: 9900,
        paymentFlow: { type: 'PG_CHECKOUT', merchantUrls: { redirectUrl: 'http://x/y' } },
      }),
    }),
  });

  const rounds: LoadFigures[] = [];
  const fakeRounds: LoadFigures[] = [];
  const readRounds: LoadFigures[] = [];
  const helloRounds: LoadFigures[] = [];
  // The server's own CPU time per request: what the machine's other load changes least.
  const cpuPerPayment: number[] = [];
  const cpuPerRead: number[] = [];
  const perRequest = async (target: number[], run: () => Promise<LoadFigures>) => {
    const before = cpuMs(server.child.pid);
    const figures = await run();
    target.push(((cpuMs(server.child.pid) - before) * 1000) / (figures.requestsPerSecond * 10));
    return figures;
  };
  for (let round = 0; round < ROUNDS; round++) {
    rounds.push(
      await perRequest(cpuPerPayment, () =>
        load({
          url: `${server.url}/api/payment/initiate`,
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: initiateBody,
        }),
      ),
    );
    fakeRounds.push(await load({ url: `http://127.0.0.1:${fakePort}`, requests: [fakePay()] }));
    // The same server answering a signed-in read (session, user, cycle): the app's own floor.
    readRounds.push(
      await perRequest(cpuPerRead, () =>
        load({
          url: `${server.url}/api/stats/units/${username}`,
          headers: { authorization: `Bearer ${token}` },
        }),
      ),
    );
    helloRounds.push(await load({ url: `${hello.url}/api/health` }));
  }
  const summary = (r: LoadFigures[]) =>
    `${median(r.map((x) => x.requestsPerSecond))} req/s, p50 ${median(r.map((x) => x.p50))} ms, p99 ${median(r.map((x) => x.p99))} ms, errors ${r.reduce((s, x) => s + x.errors, 0)}; rounds (req/s, p99 ms) ${r.map((x) => `${x.requestsPerSecond}/${x.p99}`).join('  ')}`;
  const added = median(rounds.map((r) => r.p99)) - median(fakeRounds.map((r) => r.p99));
  const lines = [
    `POST /api/payment/initiate via PhonePe v2 (fake, ${FAKE_LATENCY_MS} ms), 50 connections, ${ROUNDS} × 10 s (median): ${summary(rounds)}`,
    `the fake's own /checkout/v2/pay, same load (baseline): ${summary(fakeRounds)}`,
    `p99 added by Grasp over the fake's own: ${added} ms (goal ≤ 50 ms)`,
    `server CPU per payment start: ${Math.round(median(cpuPerPayment))} µs; per signed-in read: ${Math.round(median(cpuPerRead))} µs`,
    `GET /api/stats/units/{username} on the same server (median): ${summary(readRounds)}`,
    `hello-world beside it (median): ${summary(helloRounds)}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await server.stop();
  await hello.stop();
  stopFake();
}
