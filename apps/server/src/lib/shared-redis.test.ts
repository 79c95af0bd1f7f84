import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTestRedis } from '../test/redis.ts';
import { type OwnRedis, REDIS_SERVER_AVAILABLE, startOwnRedis } from '../test/redis-server.ts';
import {
  createSharedRedis,
  REDIS_PAUSE_AFTER_FAILURE_MS,
  type SharedRedis,
} from './shared-redis.ts';

/** Polls until `check` holds: a reconnect takes its own time, never a restart. */
async function eventually(check: () => Promise<boolean> | boolean, withinMs = 10_000) {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition never held');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!REDIS_SERVER_AVAILABLE)('Redis as shared state that may go away', () => {
  let own: OwnRedis;
  let client: Redis;
  let shared: SharedRedis;
  let now = 0;
  const lines: string[] = [];
  const log = {
    warn: (_: object, msg: string) => lines.push(`warn: ${msg}`),
    info: (_: object, msg: string) => lines.push(`info: ${msg}`),
  };
  const read = () =>
    shared.attempt(
      async (redis) => `redis:${await redis.get('k')}`,
      () => 'memory',
    );

  beforeAll(async () => {
    own = await startOwnRedis();
    client = await connectTestRedis(own.url);
    shared = createSharedRedis(client, log, () => now);
    await client.set('k', 'v');
  });
  afterAll(async () => {
    client?.disconnect();
    await own?.stop();
  });

  it('answers from memory while Redis is down and from Redis once it is back, on the same client', async () => {
    expect(await read()).toBe('redis:v');
    await own.stop();
    expect(await read()).toBe('memory');
    expect(shared.client()).toBeNull();

    await own.start();
    now += REDIS_PAUSE_AFTER_FAILURE_MS;
    await eventually(() => shared.client() !== null);
    // Restarted empty, as a Redis without disk comes back.
    expect(await read()).toBe('redis:null');
    expect(lines).toEqual([
      'warn: Redis is unreachable: this instance counts and caches on its own',
      'info: Redis is back: instances share limits and in-flight calls again',
    ]);
  });

  it('gives a frozen Redis one command timeout, then leaves it alone for a moment', async () => {
    await client.set('k', 'v');
    own.freeze();
    try {
      // Without a command timeout this would wait for as long as Redis stays frozen.
      expect(await read()).toBe('memory');
      expect(shared.client()).toBeNull();
      expect(await read()).toBe('memory');
    } finally {
      own.thaw();
    }
    now += REDIS_PAUSE_AFTER_FAILURE_MS;
    await eventually(async () => (await read()) === 'redis:v');
  });
});
