import type { Redis } from 'ioredis';

/**
 * A Redis client that fails fast instead of queueing commands while the server is away. The
 * client library is loaded only here: a server without REDIS_URL keeps its ~2 MB of heap.
 */
export async function connectRedis(url: string): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2000,
    lazyConnect: false,
  });
  redis.on('error', () => undefined);
  return redis;
}

/**
 * Resolves once the client can take commands, or after `timeoutMs` (health then reports Redis
 * down and requests needing it answer 503 until it connects).
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
