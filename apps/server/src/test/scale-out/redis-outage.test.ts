import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../auth-helpers.ts';
import { TEST_DATABASES } from '../databases.ts';
import { fakeProvider } from '../fake-provider.ts';
import { connectTestRedis } from '../redis.ts';
import { type OwnRedis, REDIS_SERVER_AVAILABLE, startOwnRedis } from '../redis-server.ts';
import { type Cluster, type Instance, startCluster } from './instances.ts';

const runs = REDIS_SERVER_AVAILABLE && TEST_DATABASES.includes('postgres');

let ipCounter = 0;
/** A client address of its own, so per-address limits only bite where a test wants them to. */
const freshIp = () => `172.20.${(++ipCounter >> 8) & 255}.${ipCounter & 255}`;

interface Call {
  token?: string;
  body?: unknown;
  ip?: string;
}

async function call(instance: Instance, method: string, path: string, options: Call = {}) {
  const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? freshIp() };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${instance.url}${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A sign-in with an empty form: 400, but counted by the route's limit (120 a minute per address). */
const emptySignIn = (instance: Instance, ip: string) =>
  call(instance, 'POST', '/api/auth/login', { ip, body: { username: '', password: '' } });

describe.skipIf(!runs)('two instances while their Redis is stopped and started again', () => {
  const offline = fakeProvider('offline');
  let own: OwnRedis;
  let observer: Redis;
  let cluster: Cluster;
  let a: Instance;
  let b: Instance;
  const both = () => [a, b];

  const explain = (instance: Instance, token: string, query = 'Gravity') =>
    call(instance, 'POST', '/api/ai/aiResponseGoogle', {
      token,
      body: { query, template: 'default', provider: 'offline' },
    });
  const units = (instance: Instance, token: string, username: string) =>
    call(instance, 'GET', `/api/stats/units/${username}`, { token });

  /** Waits until the instance counts in Redis again: its client reconnected and is no longer paused. */
  async function sharing(instance: Instance) {
    await expect
      .poll(
        async () => {
          const ip = freshIp();
          await emptySignIn(instance, ip);
          return (await observer.keys(`*rl:POST/api/auth/login-${ip}`)).length;
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe(1);
  }

  async function restartRedis() {
    await own.start();
    for (const instance of both()) await sharing(instance);
  }

  beforeAll(async () => {
    own = await startOwnRedis();
    observer = await connectTestRedis(own.url);
    cluster = await startCluster({
      redisUrl: own.url,
      deps: { providers: [offline.provider] },
    });
    [a, b] = cluster.instances as [Instance, Instance];
  });
  afterAll(async () => {
    await own?.start();
    await cluster?.close();
    observer?.disconnect();
    await own?.stop();
  });

  it('answers explanations, follow-ups, sign-ins and health with 2xx while Redis is down', async () => {
    const { token } = await signedInUser(a.app, a.database.db, 'Asha', '2468');
    const first = await explain(a, token);
    expect(first.status).toBe(200);
    await own.stop();
    try {
      for (const instance of both()) {
        expect((await explain(instance, token)).status).toBe(200);
        expect((await explain(instance, token, `Tides ${instance.url}`)).status).toBe(200);
        const followUp = await call(instance, 'POST', '/api/ai/follow-up', {
          token,
          body: { explanationId: first.body.explanationId, provider: 'offline', question: 'Why?' },
        });
        expect(followUp.status).toBe(200);
        expect((await units(instance, token, 'asha')).status).toBe(200);
        const signIn = { username: 'asha', password: '2468' };
        expect((await call(instance, 'POST', '/api/auth/login', { body: signIn })).status).toBe(
          200,
        );
        const wrong = { username: 'asha', password: '0000' };
        expect((await call(instance, 'POST', '/api/auth/login', { body: wrong })).status).toBe(401);
        const health = await call(instance, 'GET', '/api/health');
        expect(health).toEqual({
          status: 200,
          body: { status: 'degraded', database: 'up', redis: 'down' },
        });
      }
    } finally {
      await restartRedis();
    }
    expect((await call(a, 'GET', '/api/health')).body).toEqual({
      status: 'ok',
      database: 'up',
      redis: 'up',
    });
  });

  it('answers while Redis hangs, without waiting for it', async () => {
    const { token } = await signedInUser(a.app, a.database.db, 'Bela');
    own.freeze();
    try {
      for (const instance of both()) {
        expect((await explain(instance, token)).status).toBe(200);
        expect((await emptySignIn(instance, freshIp())).status).toBe(400);
      }
    } finally {
      own.thaw();
    }
    for (const instance of both()) await sharing(instance);
  });

  it('refuses on every instance the sessions signed out before and during the outage', async () => {
    const before = await signedInUser(a.app, a.database.db, 'Chen');
    const during = await signedInUser(b.app, b.database.db, 'Dina');
    const kept = await signedInUser(a.app, a.database.db, 'Ezra');
    expect((await call(a, 'POST', '/api/auth/logout', { token: before.token })).status).toBe(200);
    await own.stop();
    try {
      expect((await call(b, 'POST', '/api/auth/logout', { token: during.token })).status).toBe(200);
      for (const instance of both()) {
        expect((await units(instance, before.token, 'chen')).status).toBe(401);
        expect((await units(instance, during.token, 'dina')).status).toBe(401);
        expect((await explain(instance, during.token)).status).toBe(401);
        expect((await units(instance, kept.token, 'ezra')).status).toBe(200);
      }
    } finally {
      await restartRedis();
    }
    for (const instance of both()) {
      expect((await units(instance, during.token, 'dina')).status).toBe(401);
    }
  });

  it("keeps each instance's limits while Redis is down, and shares them again once it is back", async () => {
    await own.stop();
    const ip = freshIp();
    try {
      for (let i = 0; i < 120; i++) expect((await emptySignIn(a, ip)).status).toBe(400);
      expect((await emptySignIn(a, ip)).status).toBe(429);
      // Counted per instance meanwhile: the other one has its own allowance.
      expect((await emptySignIn(b, ip)).status).toBe(400);
    } finally {
      await restartRedis();
    }
    const shared = freshIp();
    for (let i = 0; i < 120; i++) {
      expect((await emptySignIn(i % 2 === 0 ? a : b, shared)).status).toBe(400);
    }
    expect((await emptySignIn(a, shared)).status).toBe(429);
    expect((await emptySignIn(b, shared)).status).toBe(429);
  });
});
