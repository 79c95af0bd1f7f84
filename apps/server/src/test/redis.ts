import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { connectRedis, redisReady } from '../lib/redis.ts';
import { createSharedRedis, type SharedRedis } from '../lib/shared-redis.ts';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const probe = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

async function detectRedis(): Promise<boolean> {
  if (await redisReachable()) return true;
  const notice = `Redis at ${TEST_REDIS_URL} is not reachable`;
  if (process.env.CI === 'true') throw new Error(`${notice}; CI requires it.`);
  console.warn(`\n!!! ${notice}: Redis tests are SKIPPED. !!!\n`);
  return false;
}

/** Whether the Redis-backed tests run (always under CI=true, where a missing Redis fails). */
export const REDIS_AVAILABLE: boolean = await detectRedis();

/** A key prefix of its own, so parallel test files and runs never share counters or leases. */
export const testKeyPrefix = () => `grasp-test:${randomBytes(5).toString('hex')}:`;

/** A client configured as the server's, ready before it is used. */
export async function connectTestRedis(url = TEST_REDIS_URL): Promise<Redis> {
  const redis = await connectRedis(url);
  await redisReady(redis);
  return redis;
}

/** Removes every key under a test prefix. */
export async function dropKeys(redis: Redis, prefix: string): Promise<void> {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
}

/** A client seen as the server sees it: shared state that may go away (logs dropped). */
export const asShared = (redis: Redis): SharedRedis =>
  createSharedRedis(redis, { warn: () => undefined, info: () => undefined });
