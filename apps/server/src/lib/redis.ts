import { Redis } from 'ioredis';

/** A Redis client that fails fast instead of queueing commands while the server is away. */
export function connectRedis(url: string): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2000,
    lazyConnect: false,
  });
  redis.on('error', () => undefined);
  return redis;
}
