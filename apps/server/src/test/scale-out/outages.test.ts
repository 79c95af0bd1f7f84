import { ERROR_CODES, ERROR_MESSAGES } from '@grasp/contract';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../auth-helpers.ts';
import { TEST_DATABASE_URL, TEST_DATABASES } from '../databases.ts';
import { fakeProvider } from '../fake-provider.ts';
import { REDIS_AVAILABLE } from '../redis.ts';
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

/** Waits until PostgreSQL itself, reached directly, shows the query running. */
async function untilRunning(query: string) {
  const direct = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await direct.connect();
  try {
    for (;;) {
      const { rowCount } = await direct.query(
        "select 1 from pg_stat_activity where state = 'active' and query = $1",
        [query],
      );
      if (rowCount) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    await direct.end();
  }
}

// Redis going away is not an outage: see redis-outage.test.ts.
describe.skipIf(!runs)('PostgreSQL going away', () => {
  let postgres: TcpProxy;
  let cluster: Cluster;
  let server: Instance;
  let token: string;
  const offline = fakeProvider('offline');

  const units = () =>
    fetch(`${server.url}/api/stats/units/rosa`, { headers: { authorization: `Bearer ${token}` } });
  const health = () => fetch(`${server.url}/api/health`);

  beforeAll(async () => {
    postgres = await startTcpProxy(hostAndPort(TEST_DATABASE_URL));
    cluster = await startCluster({
      count: 1,
      databaseUrl: postgres.relay(TEST_DATABASE_URL),
      deps: { providers: [offline.provider] },
    });
    server = cluster.instances[0] as Instance;
    token = (await signedInUser(server.app, server.database.db, 'Rosa')).token;
  });
  afterAll(async () => {
    await postgres?.restore().catch(() => undefined);
    await cluster?.close();
    await postgres?.close();
  });

  it('answers 503 with a clear message while PostgreSQL is away, then recovers', async () => {
    expect((await units()).status).toBe(200);
    // A query in flight when the connection drops fails alone; it must not crash the server.
    const inFlight = sql`select pg_sleep(5)`.execute(server.database.db).then(
      () => 'answered',
      (error: Error) => error.message,
    );
    await untilRunning('select pg_sleep(5)');
    await postgres.cut();
    expect(await inFlight).toMatch(/terminated/);
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
});
