import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asShared,
  connectTestRedis,
  dropKeys,
  REDIS_AVAILABLE,
  testKeyPrefix,
} from '../../test/redis.ts';
import { REDIS_SERVER_AVAILABLE, startOwnRedis } from '../../test/redis-server.ts';
import type { InFlight } from './in-flight.ts';
import { createSharedInFlight } from './shared-in-flight.ts';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves when told to, so a test decides when the leader's provider answers. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return { open, opened };
}

describe.skipIf(!REDIS_AVAILABLE)('in-flight calls shared through Redis', () => {
  const prefix = testKeyPrefix();
  const clients: Redis[] = [];
  const instances: InFlight<{ text: string }>[] = [];

  function instance(leaseMs = 5000) {
    const redis = clients[instances.length % clients.length] as Redis;
    const shared = createSharedInFlight<{ text: string }>({
      redis: asShared(redis),
      keyPrefix: prefix,
      leaseMs,
      checkEveryMs: 50,
      encodeError: (error) => (error as Error).message,
      decodeError: (message) => new Error(message),
    });
    instances.push(shared);
    return shared;
  }

  beforeAll(async () => {
    clients.push(await connectTestRedis(), await connectTestRedis());
  });
  afterAll(async () => {
    await dropKeys(clients[0] as Redis, prefix);
    for (const client of clients) client.disconnect();
  });

  it('makes one call for identical requests on two instances; the follower sees every delta', async () => {
    const [a, b] = [instance(), instance()];
    const release = gate();
    let calls = 0;
    const produce = async (emit: (delta: string) => void) => {
      calls++;
      emit('Gravity ');
      await release.opened;
      emit('pulls.');
      return { text: 'Gravity pulls.' };
    };
    const leader = a.run('gravity', produce);
    await wait(50);
    const seen: string[] = [];
    const follower = b.run('gravity', produce, (delta) => seen.push(delta));
    await wait(100);
    release.open();
    expect(await Promise.all([leader, follower])).toEqual([
      { text: 'Gravity pulls.' },
      { text: 'Gravity pulls.' },
    ]);
    expect(calls).toBe(1);
    expect(seen.join('')).toBe('Gravity pulls.');
  });

  it("hands the leader's failure to the followers", async () => {
    const [a, b] = [instance(), instance()];
    const release = gate();
    const failing = async () => {
      await release.opened;
      throw new Error('The AI provider failed');
    };
    const leader = a.run('entropy', failing);
    await wait(50);
    const follower = b.run('entropy', failing);
    await wait(100);
    release.open();
    const outcomes = await Promise.allSettled([leader, follower]);
    expect(outcomes.map((o) => o.status === 'rejected' && String(o.reason))).toEqual([
      'Error: The AI provider failed',
      'Error: The AI provider failed',
    ]);
  });

  it('takes over when the leader dies without an answer', async () => {
    const [a, b] = [instance(300), instance(300)];
    // The leader never finishes, as if its process were killed; its lease runs out.
    void a.run('osmosis', () => new Promise(() => undefined));
    await wait(50);
    let calls = 0;
    const answer = await b.run('osmosis', async () => {
      calls++;
      return { text: 'Osmosis moves water.' };
    });
    expect(answer).toEqual({ text: 'Osmosis moves water.' });
    expect(calls).toBe(1);
  });

  it('runs different keys independently', async () => {
    const [a, b] = [instance(), instance()];
    const results = await Promise.all([
      a.run('one', async () => ({ text: '1' })),
      b.run('two', async () => ({ text: '2' })),
    ]);
    expect(results).toEqual([{ text: '1' }, { text: '2' }]);
  });
});

describe.skipIf(!REDIS_SERVER_AVAILABLE)('in-flight calls while Redis goes away', () => {
  const instanceOn = (redis: Redis) =>
    createSharedInFlight<{ text: string }>({
      redis: asShared(redis),
      keyPrefix: 'p:',
      leaseMs: 5000,
      checkEveryMs: 50,
      encodeError: (error) => (error as Error).message,
      decodeError: (message) => new Error(message),
    });

  it('coalesces within each instance while Redis is down', async () => {
    const own = await startOwnRedis();
    const client = await connectTestRedis(own.url);
    try {
      const a = instanceOn(client);
      await own.stop();
      let calls = 0;
      const produce = async () => {
        calls++;
        await wait(50);
        return { text: 'Gravity pulls.' };
      };
      const answers = await Promise.all([a.run('gravity', produce), a.run('gravity', produce)]);
      expect(answers).toEqual([{ text: 'Gravity pulls.' }, { text: 'Gravity pulls.' }]);
      expect(calls).toBe(1);
    } finally {
      client.disconnect();
      await own.stop();
    }
  });

  it('lets a follower that loses Redis answer by itself, streaming on from where it was', async () => {
    const own = await startOwnRedis();
    const clients = [await connectTestRedis(own.url), await connectTestRedis(own.url)];
    try {
      const [a, b] = clients.map(instanceOn) as [
        InFlight<{ text: string }>,
        InFlight<{ text: string }>,
      ];
      const release = gate();
      const produce = async (emit: (delta: string) => void) => {
        emit('Gravity ');
        await release.opened;
        emit('pulls.');
        return { text: 'Gravity pulls.' };
      };
      const leader = a.run('gravity', produce);
      await wait(50);
      const seen: string[] = [];
      const follower = b.run('gravity', produce, (delta) => seen.push(delta));
      await expect.poll(() => seen.join('')).toBe('Gravity ');
      await own.stop();
      release.open();
      expect(await Promise.all([leader, follower])).toEqual([
        { text: 'Gravity pulls.' },
        { text: 'Gravity pulls.' },
      ]);
      expect(seen.join('')).toBe('Gravity pulls.');
    } finally {
      for (const client of clients) client.disconnect();
      await own.stop();
    }
  });
});
