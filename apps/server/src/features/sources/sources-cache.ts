import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/** Retrieved pages and search results, shared by every instance when Redis is configured. */
export interface SourcesCache {
  /** The kept JSON value, or undefined (also when Redis is away: a miss, never a failure). */
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
}

export interface SourcesCacheOptions {
  redis: Redis | null;
  keyPrefix: string;
  ttlMs: number;
  /** Entries kept in memory when there is no Redis. */
  max?: number;
}

export function createSourcesCache(options: SourcesCacheOptions): SourcesCache {
  const { redis, ttlMs } = options;
  if (!redis) {
    const memory = new LRUCache<string, { value: unknown }>({
      max: options.max ?? 5000,
      ttl: ttlMs,
    });
    return {
      get: async (key) => memory.get(key)?.value,
      set: async (key, value) => {
        memory.set(key, { value });
      },
    };
  }
  const prefixed = (key: string) => `${options.keyPrefix}sources:${key}`;
  return {
    async get(key) {
      try {
        const json = await redis.get(prefixed(key));
        return json === null ? undefined : (JSON.parse(json) as unknown);
      } catch {
        return undefined;
      }
    },
    async set(key, value) {
      try {
        await redis.set(prefixed(key), JSON.stringify(value), 'PX', ttlMs);
      } catch {
        // A cache that cannot write only costs the next request a fetch.
      }
    },
  };
}
