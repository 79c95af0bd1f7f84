import { ERROR_CODES, ERROR_MESSAGES } from '@grasp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../auth-helpers.ts';
import { TEST_DATABASE_URL, TEST_DATABASES } from '../databases.ts';
import { fakeProvider } from '../fake-provider.ts';
import { REDIS_AVAILABLE, TEST_REDIS_URL } from '../redis.ts';
import { type Cluster, type Instance, startCluster } from './instances.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

const runs = REDIS_AVAILABLE && TEST_DATABASES.includes('postgres');

const hostAndPort = (url: string) => {
  const { hostname, port } = new URL(url);
  return { host: hostname, port: Number(port) };
};

/** Retries until the answer has the wanted status: recovery takes a reconnect, not a restart. */
async function eventually(request: () => Promise<Response>, status: number, withinMs = 15_000) {
  const deadline = Date.now() + withinMs;
  let last: Response = await request();
  while (last.status !== status && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    last = await request();
  }
  return last;
}

describe.skipIf(!runs)('PostgreSQL or Redis going away', () => {
  let postgres: TcpProxy;
  let redis: TcpProxy;
  let cluster: Cluster;
  let server: Instance;
  let token: string;
  const offline = fakeProvider('offline');

  const units = () =>
    fetch(`${server.url}/api/stats/units/rosa`, { headers: { authorization: `Bearer ${token}` } });
  const health = () => fetch(`${server.url}/api/health`);
  const explain = () =>
    fetch(`${server.url}/api/ai/aiResponseGoogle`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'Gravity', template: 'default', provider: 'offline' }),
    });

  beforeAll(async () => {
    postgres = await startTcpProxy(hostAndPort(TEST_DATABASE_URL));
    redis = await startTcpProxy(hostAndPort(TEST_REDIS_URL));
    cluster = await startCluster({
      count: 1,
      databaseUrl: postgres.relay(TEST_DATABASE_URL),
      redisUrl: redis.relay(TEST_REDIS_URL),
      deps: { providers: [offline.provider] },
    });
    server = cluster.instances[0] as Instance;
    token = (await signedInUser(server.app, server.database.db, 'Rosa')).token;
  });
  afterAll(async () => {
    await postgres?.restore().catch(() => undefined);
    await redis?.restore().catch(() => undefined);
    await cluster?.close();
    await postgres?.close();
    await redis?.close();
  });

  it('answers 503 with a clear message while PostgreSQL is away, then recovers', async () => {
    expect((await units()).status).toBe(200);
    await postgres.cut();
    const during = await units();
    expect(during.status).toBe(503);
    expect(await during.json()).toEqual({
      success: false,
      code: ERROR_CODES.serviceUnavailable,
      message: ERROR_MESSAGES.serviceUnavailable,
    });
    const report = await health();
    expect(report.status).toBe(503);
    expect(await report.json()).toMatchObject({ status: 'degraded', database: 'down' });

    await postgres.restore();
    expect((await eventually(units, 200)).status).toBe(200);
    expect((await eventually(health, 200)).status).toBe(200);
  });

  it('answers 503 while Redis is away, then recovers', async () => {
    expect((await explain()).status).toBe(200);
    await redis.cut();
    const during = await explain();
    expect(during.status).toBe(503);
    expect(await during.json()).toMatchObject({ code: ERROR_CODES.serviceUnavailable });
    expect(await (await health()).json()).toMatchObject({ status: 'degraded', redis: 'down' });

    await redis.restore();
    expect((await eventually(explain, 200)).status).toBe(200);
    expect((await eventually(health, 200)).status).toBe(200);
  });

  it('refuses before taking a unit while Redis is away, so nothing is spent', async () => {
    const before = (await (await units()).json()) as { available_units: number };
    await redis.cut();
    expect((await explain()).status).toBe(503);
    await redis.restore();
    await eventually(health, 200);
    const after = (await (await units()).json()) as { available_units: number };
    expect(after.available_units).toBe(before.available_units);
  });
});
