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
import { createSourcesCache } from './sources-cache.ts';

const page = { title: 'Photosynthesis', extract: 'Photosynthesis is the process…' };

describe('the sources cache in memory', () => {
  it('keeps a value until its time is up', async () => {
    const cache = createSourcesCache({ redis: null, keyPrefix: '', ttlMs: 40 });
    await cache.set('page:en:Photosynthesis', page);
    expect(await cache.get('page:en:Photosynthesis')).toEqual(page);
    await new Promise((r) => setTimeout(r, 80));
    expect(await cache.get('page:en:Photosynthesis')).toBeUndefined();
  });
});

describe.skipIf(!REDIS_AVAILABLE)('the sources cache on Redis', () => {
  const prefix = testKeyPrefix();
  const clients: Redis[] = [];

  beforeAll(async () => {
    clients.push(await connectTestRedis(), await connectTestRedis());
  });
  afterAll(async () => {
    if (clients[0]) await dropKeys(clients[0], prefix);
    for (const client of clients) client.disconnect();
  });

  const instance = (redis: Redis, ttlMs = 60_000) =>
    createSourcesCache({ redis: asShared(redis), keyPrefix: prefix, ttlMs });

  it('shares what one instance fetched with another, under its prefix and with its expiry', async () => {
    const [a, b] = clients as [Redis, Redis];
    await instance(a).set('search:en:gravity', [page]);
    expect(await instance(b).get('search:en:gravity')).toEqual([page]);
    expect(await instance(b).get('search:en:levity')).toBeUndefined();

    const ttl = await a.pttl(`${prefix}sources:search:en:gravity`);
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });
});

describe.skipIf(!REDIS_SERVER_AVAILABLE)('the sources cache while Redis goes away', () => {
  it("keeps what it fetches in the instance's memory meanwhile, and uses Redis once it is back", async () => {
    const own = await startOwnRedis();
    const client = await connectTestRedis(own.url);
    try {
      const shared = asShared(client);
      const cache = createSourcesCache({ redis: shared, keyPrefix: 'p:', ttlMs: 60_000 });
      await cache.set('page:en:Gravity', page);
      await own.stop();
      // Kept in Redis only, so a miss now; what is fetched meanwhile is kept here.
      await expect(cache.get('page:en:Gravity')).resolves.toBeUndefined();
      await cache.set('page:en:Levity', page);
      expect(await cache.get('page:en:Levity')).toEqual(page);

      await own.start();
      await expect.poll(() => shared.client() !== null, { timeout: 10_000 }).toBe(true);
      await cache.set('page:en:Gravity', page);
      expect(await client.exists('p:sources:page:en:Gravity')).toBe(1);
      expect(await cache.get('page:en:Gravity')).toEqual(page);
    } finally {
      client.disconnect();
      await own.stop();
    }
  });
});
