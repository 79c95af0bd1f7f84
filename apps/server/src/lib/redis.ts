import type { Redis, RedisOptions } from 'ioredis';

/** A command Redis has not answered by then is given up: the caller uses its own memory. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * Fails fast instead of waiting for a Redis that is away: no offline queue, commands on a
 * dropped connection rejected at once rather than resent, a short command timeout, and
 * reconnection attempts at most a second apart so sharing resumes soon after Redis returns.
 */
export const REDIS_OPTIONS: RedisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  autoResendUnfulfilledCommands: false,
  commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  connectTimeout: 1000,
  retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
  lazyConnect: false,
};

/**
 * A Redis client configured as above. The client library is loaded only here: a server
 * without REDIS_URL keeps its ~2 MB of heap.
 */
export async function connectRedis(url: string): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, REDIS_OPTIONS);
  redis.on('error', () => undefined);
  return redis;
}

/**
 * Resolves once the client can take commands, or after `timeoutMs`: a server starts without
 * Redis too, counting on its own until Redis answers.
 */
export async function redisReady(redis: Redis, timeoutMs = 5000): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
