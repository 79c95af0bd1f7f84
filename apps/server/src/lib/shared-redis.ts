import type { Redis } from 'ioredis';

/** How long Redis is left alone after a command failed: a hung server costs one timeout, not one per request. */
export const REDIS_PAUSE_AFTER_FAILURE_MS = 1000;

interface Log {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * Redis as shared state, never as a dependency: every caller keeps an answer of its own in this
 * instance's memory and uses it while Redis is away, so an outage makes limits and coalescing
 * per instance for a while instead of failing requests. Redis holds no truth (sessions and
 * their revocations live in the database).
 */
export interface SharedRedis {
  /** The client while it can take commands; null while Redis is away or just failed. */
  client(): Redis | null;
  /**
   * `command` on Redis, or `fallback` when Redis is away or the command fails for any reason
   * (the failure pauses Redis for a moment and is logged once per outage).
   */
  attempt<T>(command: (redis: Redis) => Promise<T>, fallback: () => T | Promise<T>): Promise<T>;
  /** Reports a failure seen outside `attempt` (a follower's own connection). */
  failed(error: unknown): void;
}

export function createSharedRedis(
  redis: Redis,
  log: Log,
  now: () => number = Date.now,
): SharedRedis {
  let pausedUntil = 0;
  let away = false;

  const wentAway = (error: unknown) => {
    if (away) return;
    away = true;
    log.warn({ err: error }, 'Redis is unreachable: this instance counts and caches on its own');
  };
  const failed = (error: unknown) => {
    pausedUntil = now() + REDIS_PAUSE_AFTER_FAILURE_MS;
    wentAway(error);
  };
  const cameBack = () => {
    if (!away) return;
    away = false;
    log.info({}, 'Redis is back: instances share limits and in-flight calls again');
  };
  redis.on('ready', cameBack);
  const client = () => {
    if (now() < pausedUntil) return null;
    if (redis.status === 'ready') return redis;
    wentAway(new Error(`Redis connection is ${redis.status}`));
    return null;
  };

  return {
    client,
    failed,
    async attempt(command, fallback) {
      const ready = client();
      if (!ready) return fallback();
      try {
        const result = await command(ready);
        cameBack();
        return result;
      } catch (error) {
        failed(error);
        return fallback();
      }
    },
  };
}
