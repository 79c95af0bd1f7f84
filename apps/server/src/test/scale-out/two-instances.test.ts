import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Challenge } from 'altcha-lib/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaCost } from '../../features/auth/address-limits.ts';
import { registration, signedInUser } from '../auth-helpers.ts';
import { TEST_DATABASES } from '../databases.ts';
import { fakeProvider } from '../fake-provider.ts';
import { REDIS_AVAILABLE } from '../redis.ts';
import { type Cluster, type Instance, startCluster } from './instances.ts';

const runs = REDIS_AVAILABLE && TEST_DATABASES.includes('postgres');

let ipCounter = 0;
/** A client address of its own, so per-IP limits only bite where a test wants them to. */
const freshIp = () => `172.16.${(++ipCounter >> 8) & 255}.${ipCounter & 255}`;

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

describe.skipIf(!runs)('two instances on one PostgreSQL and one Redis', () => {
  const fake = fakeProvider('remote-openai');
  const offline = fakeProvider('offline');
  let cluster: Cluster;
  let a: Instance;
  let b: Instance;
  const either = (i: number) => (i % 2 === 0 ? a : b);
  const explain = (instance: Instance, token: string, query: string) =>
    call(instance, 'POST', '/api/ai/aiResponseGoogle', {
      token,
      body: { query, template: 'default', provider: 'remote-openai' },
    });

  beforeAll(async () => {
    cluster = await startCluster({ deps: { providers: [offline.provider, fake.provider] } });
    [a, b] = cluster.instances as [Instance, Instance];
  });
  afterAll(() => cluster?.close());

  it('gives exactly 3 successes when 50 requests on both race for the last 3 units', async () => {
    const { token } = await signedInUser(a.app, a.database.db, 'Carol');
    await a.database.db
      .updateTable('usage_cycles')
      .set({ units_used: 96 })
      .where('user_id', 'in', (eb) =>
        eb.selectFrom('users').select('id').where('username_key', '=', 'carol'),
      )
      .execute();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => explain(either(i), token, `Topic ${i}`)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 402)).toHaveLength(47);
    const units = await call(b, 'GET', '/api/stats/units/carol', { token });
    expect(units.body.available_units).toBe(0);
  });

  it('makes one provider call for identical new requests spread over both', async () => {
    fake.state.delayMs = 300;
    const tokens = await Promise.all(
      ['Dana', 'Eve', 'Finn', 'Gus'].map(
        async (n) => (await signedInUser(a.app, a.database.db, n)).token,
      ),
    );
    const before = fake.state.calls;
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        explain(either(i), tokens[i % 4] as string, 'Dark matter'),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(40).fill(200));
    expect(new Set(results.map((r) => r.body.response)).size).toBe(1);
    expect(fake.state.calls - before).toBe(1);
  });

  it('answers a repeat from the shared cache on the other instance', async () => {
    const { token } = await signedInUser(a.app, a.database.db, 'Hana');
    expect((await explain(a, token, 'Tectonics')).body.cached).toBe(false);
    const before = fake.state.calls;
    expect((await explain(b, token, 'Tectonics')).body.cached).toBe(true);
    expect(fake.state.calls).toBe(before);
  });

  it('keeps the PIN back-off across instances', async () => {
    await signedInUser(a.app, a.database.db, 'Ivan', '4321');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await call(either(i), 'POST', '/api/auth/login', {
        body: { username: 'ivan', password: '0000' },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    // The right PIN is refused too while the lock lasts, on either instance.
    const right = await call(b, 'POST', '/api/auth/login', {
      body: { username: 'ivan', password: '4321' },
    });
    expect(right.status).toBe(429);
  });

  it('refuses on one instance a session logged out on the other', async () => {
    const { token } = await signedInUser(a.app, a.database.db, 'Jade');
    expect((await call(b, 'GET', '/api/stats/units/jade', { token })).status).toBe(200);
    expect((await call(a, 'POST', '/api/auth/logout', { token, body: {} })).status).toBe(200);
    expect((await call(b, 'GET', '/api/stats/units/jade', { token })).status).toBe(401);
  });

  it('shares per-address rate limits', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) {
      const res = await call(either(i), 'POST', '/api/auth/login', {
        ip,
        body: { username: '', password: '' },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 120).every((s) => s === 400)).toBe(true);
    expect(statuses[120]).toBe(429);
  });

  it('shares the allowances that count outcomes: mails per inbox, registrations per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await call(either(i), 'POST', '/api/auth/resend-verification', {
        body: { email: 'nobody@example.com' },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);

    const lab = freshIp();
    const cost = async (instance: Instance) => {
      const res = await call(instance, 'GET', '/api/auth/captcha', { ip: lab });
      return (res.body.challenge as { parameters: { cost: number } }).parameters.cost;
    };
    expect(await cost(b)).toBe(1);
    for (let i = 0; i < 30; i++) {
      const challenge = await call(a, 'GET', '/api/auth/captcha', { ip: lab });
      const solution = await solveChallenge({
        challenge: challenge.body.challenge as unknown as Challenge,
        deriveKey,
      });
      const turnstileToken = Buffer.from(
        JSON.stringify({ challenge: challenge.body.challenge, solution }),
      ).toString('base64');
      const res = await call(a, 'POST', '/api/auth/register', {
        ip: lab,
        body: { ...registration(`Lab${i}`), turnstileToken },
      });
      expect(res.status).toBe(200);
    }
    expect(await cost(b)).toBe(captchaCost(30));
  });
});
