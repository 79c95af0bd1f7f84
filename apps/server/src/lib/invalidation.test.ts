import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asShared, connectTestRedis } from '../test/redis.ts';
import { type OwnRedis, REDIS_SERVER_AVAILABLE, startOwnRedis } from '../test/redis-server.ts';
import { createInvalidation, type Invalidation } from './invalidation.ts';

async function eventually(check: () => boolean, withinMs = 10_000) {
  const deadline = Date.now() + withinMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition never held');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('invalidation without Redis', () => {
  it('trusts nothing without a change watch, and follows the watch where there is one', () => {
    const none = createInvalidation({ changes: undefined, redis: null, channel: 'c' });
    expect(none.generation()).toBeNull();
    let watched = 0;
    const sqlite = createInvalidation({
      changes: { generation: () => watched },
      redis: null,
      channel: 'c',
    });
    const first = sqlite.generation();
    watched++;
    expect(sqlite.generation()).not.toBe(first);
    const second = sqlite.generation();
    sqlite.announce();
    expect(sqlite.generation()).not.toBe(second);
  });
});

describe.skipIf(!REDIS_SERVER_AVAILABLE)('invalidation through Redis', () => {
  let own: OwnRedis;
  const clients: Redis[] = [];
  let a: Invalidation;
  let b: Invalidation;

  const instance = async () => {
    const client = await connectTestRedis(own.url);
    clients.push(client);
    return createInvalidation({
      changes: undefined,
      redis: { client, shared: asShared(client) },
      channel: 'test:share-pages:revoked',
    });
  };

  beforeAll(async () => {
    own = await startOwnRedis();
    a = await instance();
    b = await instance();
    await eventually(() => a.generation() !== null && b.generation() !== null);
  });
  afterAll(async () => {
    a?.close();
    b?.close();
    for (const client of clients) client.disconnect();
    await own?.stop();
  });

  it('moves every instance’s generation when one announces', async () => {
    const before = b.generation();
    a.announce();
    await eventually(() => b.generation() !== before);
  });

  it('trusts nothing while Redis is away, and moves on once it is back', async () => {
    const before = b.generation();
    await own.stop();
    await eventually(() => a.generation() === null && b.generation() === null);
    // Missed while away: nobody heard it, so coming back must not restore the old generation.
    a.announce();
    await own.start();
    await eventually(() => b.generation() !== null);
    expect(b.generation()).not.toBe(before);
  });
});
