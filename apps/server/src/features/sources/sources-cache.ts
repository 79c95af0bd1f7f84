import { LRUCache } from 'lru-cache';
import type { SharedRedis } from '../../lib/shared-redis.ts';

/** Retrieved pages and search results, shared by every instance when Redis is configured. */
export interface SourcesCache {
  /** The kept JSON value, or undefined (never a failure, Redis away or not). */
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
}

export interface SourcesCacheOptions {
  redis: SharedRedis | null;
  keyPrefix: string;
  ttlMs: number;
  /** Entries kept in memory without Redis, or while it is away. */
  max?: number;
}

/**
 * Redis when configured; this process's memory without it and while it is away, so an outage
 * costs at most one fetch per page and instance rather than one per request.
 */
export function createSourcesCache(options: SourcesCacheOptions): SourcesCache {
  const { redis, ttlMs } = options;
  const memory = new LRUCache<string, { value: unknown }>({ max: options.max ?? 5000, ttl: ttlMs });
  const local = {
    get: async (key: string) => memory.get(key)?.value,
    set: async (key: string, value: unknown) => {
      memory.set(key, { value });
    },
  };
  if (!redis) return local;
  const prefixed = (key: string) => `${options.keyPrefix}sources:${key}`;
  return {
    async get(key) {
      const kept = await redis.attempt<{ json: string | null } | { value: unknown }>(
        async (client) => ({ json: await client.get(prefixed(key)) }),
        () => ({ value: memory.get(key)?.value }),
      );
      if (!('json' in kept)) return kept.value;
      return kept.json === null ? undefined : parseKept(kept.json);
    },
    set: (key, value) =>
      redis.attempt(
        async (client) => {
          await client.set(prefixed(key), JSON.stringify(value), 'PX', ttlMs);
        },
        () => local.set(key, value),
      ),
  };
}

/** A kept value that no longer parses is a miss, not a failure. */
function parseKept(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
}
