import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../test/manual-clock.ts';
import {
  asShared,
  connectTestRedis,
  dropKeys,
  REDIS_AVAILABLE,
  testKeyPrefix,
} from '../test/redis.ts';
import { REDIS_SERVER_AVAILABLE, startOwnRedis } from '../test/redis-server.ts';
import { createSlidingWindows, type SlidingWindow } from './sliding-window.ts';

const WINDOW = 60_000;
const stores = REDIS_AVAILABLE ? (['memory', 'redis'] as const) : (['memory'] as const);

describe.each(stores)('a sliding window in %s', (store) => {
  const clock = manualClock();
  const prefix = testKeyPrefix();
  let redis: Redis | null = null;
  let window: SlidingWindow;
  let other: SlidingWindow;

  beforeAll(async () => {
    if (store === 'redis') redis = await connectTestRedis();
    const windows = createSlidingWindows({
      redis: redis ? asShared(redis) : null,
      keyPrefix: prefix,
      clock,
    });
    window = windows('events', WINDOW);
    other = windows('other', WINDOW);
  });
  afterAll(async () => {
    if (redis) {
      await dropKeys(redis, prefix);
      redis.disconnect();
    }
  });

  it('takes up to the limit, then answers how long until a place frees', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await window.take('a', 3)).taken).toBe(true);
      clock.advance(10_000);
    }
    expect(await window.peek('a', 3)).toEqual({ count: 3, retryAfterMs: 30_000 });
    expect(await window.take('a', 3)).toEqual({ taken: false, retryAfterMs: 30_000 });
    // Other keys and other windows count apart.
    expect((await window.take('b', 3)).taken).toBe(true);
    expect(await other.peek('a', 3)).toEqual({ count: 0, retryAfterMs: 0 });
    clock.advance(30_000);
    expect(await window.peek('a', 3)).toEqual({ count: 2, retryAfterMs: 0 });
    expect((await window.take('a', 3)).taken).toBe(true);
  });

  it('forgets an event given back', async () => {
    const first = await window.take('c', 2);
    await window.take('c', 2);
    if (!first.taken) throw new Error('expected a place');
    await window.giveBack('c', first.id);
    expect((await window.peek('c', 2)).count).toBe(1);
    expect((await window.take('c', 2)).taken).toBe(true);
  });

  it('never lets parallel takes past the limit', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => window.take('d', 5)));
    expect(results.filter((r) => r.taken)).toHaveLength(5);
  });
});

describe.skipIf(!REDIS_SERVER_AVAILABLE)('a sliding window while Redis goes away', () => {
  it('keeps the limit in each instance meanwhile, and shares it again once Redis is back', async () => {
    const own = await startOwnRedis();
    const clients = [await connectTestRedis(own.url), await connectTestRedis(own.url)];
    try {
      const clock = manualClock();
      const shared = clients.map(asShared);
      const [a, b] = shared.map((redis) =>
        createSlidingWindows({ redis, keyPrefix: 'p:', clock })('events', WINDOW),
      ) as [SlidingWindow, SlidingWindow];
      expect((await a.take('x', 2)).taken).toBe(true);
      expect((await b.take('x', 2)).taken).toBe(true);
      expect((await a.take('x', 2)).taken).toBe(false);

      await own.stop();
      // Each instance counts on its own: the limit holds per instance.
      expect((await a.take('y', 2)).taken).toBe(true);
      const given = await a.take('y', 2);
      expect(given.taken).toBe(true);
      expect(await a.take('y', 2)).toEqual({ taken: false, retryAfterMs: WINDOW });
      expect(await a.peek('y', 2)).toEqual({ count: 2, retryAfterMs: WINDOW });
      if (given.taken) await a.giveBack('y', given.id);
      expect(await a.peek('y', 2)).toEqual({ count: 1, retryAfterMs: 0 });
      expect((await b.take('y', 2)).taken).toBe(true);

      await own.start();
      // Both clients reconnect by themselves; then the instances share again.
      await expect
        .poll(() => shared.every((redis) => redis.client() !== null), { timeout: 10_000 })
        .toBe(true);
      expect((await a.take('z', 2)).taken).toBe(true);
      expect((await b.take('z', 2)).taken).toBe(true);
      expect((await a.take('z', 2)).taken).toBe(false);
      expect((await b.take('z', 2)).taken).toBe(false);
    } finally {
      for (const client of clients) client.disconnect();
      await own.stop();
    }
  });
});
