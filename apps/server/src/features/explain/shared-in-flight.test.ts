import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTestRedis, dropKeys, REDIS_AVAILABLE, testKeyPrefix } from '../../test/redis.ts';
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
      redis,
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
