import type { Redis } from 'ioredis';
import type { Clock } from './clock.ts';
import { newId } from './ids.ts';
import type { SharedRedis } from './shared-redis.ts';

export type Take = { taken: true; id: string } | { taken: false; retryAfterMs: number };

/**
 * Events per key over a sliding window (registrations or failed sign-ins of one address). An
 * event is recorded before the work it pays for and can be given back when that work is refused,
 * so a refusal costs nothing while parallel requests can never slip past the limit.
 */
export interface SlidingWindow {
  /** Records one event unless `limit` are already in the window. */
  take(key: string, limit: number): Promise<Take>;
  /** Forgets an event taken earlier. */
  giveBack(key: string, id: string): Promise<void>;
  /** Events in the window now, and how long until one more fits under `limit` (0: it fits). */
  peek(key: string, limit: number): Promise<{ count: number; retryAfterMs: number }>;
}

export type SlidingWindows = (name: string, windowMs: number) => SlidingWindow;

// A sorted set per key: members are event ids, scores their times. Trims what left the window,
// then adds the event or answers how long until enough have left for one more.
const TAKE = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
if count >= limit then
  local freeing = redis.call('ZRANGE', key, count - limit, count - limit, 'WITHSCORES')
  return {0, tonumber(freeing[2]) + window - now}
end
redis.call('ZADD', key, now, ARGV[4])
redis.call('PEXPIRE', key, window)
return {1, 0}
`;

const PEEK = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local live = redis.call('ZRANGEBYSCORE', key, '(' .. (now - window), '+inf', 'WITHSCORES')
local count = #live / 2
if count < limit then return {count, 0} end
return {count, tonumber(live[(count - limit) * 2 + 2]) + window - now}
`;

function redisWindow(redis: Redis, prefix: string, windowMs: number, clock: Clock): SlidingWindow {
  return {
    async take(key, limit) {
      const id = newId();
      const [taken, wait] = (await redis.eval(
        TAKE,
        1,
        prefix + key,
        clock.now().getTime(),
        windowMs,
        limit,
        id,
      )) as [number, number];
      return taken === 1 ? { taken: true, id } : { taken: false, retryAfterMs: Math.max(1, wait) };
    },
    async giveBack(key, id) {
      await redis.zrem(prefix + key, id);
    },
    async peek(key, limit) {
      const now = clock.now().getTime();
      const [count, wait] = (await redis.eval(PEEK, 1, prefix + key, now, windowMs, limit)) as [
        number,
        number,
      ];
      return { count, retryAfterMs: count < limit ? 0 : Math.max(1, wait) };
    },
  };
}

/** The same rules in this process only: the default without REDIS_URL, as for rate limits. */
function memoryWindow(windowMs: number, clock: Clock, maxKeys: number): SlidingWindow {
  const events = new Map<string, Map<string, number>>();
  const live = (key: string, now: number) => {
    const times = events.get(key);
    if (!times) return undefined;
    for (const [id, at] of times) if (at <= now - windowMs) times.delete(id);
    if (times.size === 0) events.delete(key);
    return times.size > 0 ? times : undefined;
  };
  /** How long until the events in `times` leave room for one more under `limit`. */
  const wait = (times: Map<string, number>, limit: number, now: number) => {
    if (times.size < limit) return 0;
    const sorted = [...times.values()].sort((a, b) => a - b);
    return Math.max(1, (sorted[times.size - limit] ?? now) + windowMs - now);
  };
  return {
    async take(key, limit) {
      const now = clock.now().getTime();
      const times = live(key, now) ?? new Map<string, number>();
      const retryAfterMs = wait(times, limit, now);
      if (retryAfterMs > 0) return { taken: false, retryAfterMs };
      const id = newId();
      times.set(id, now);
      // Oldest keys go first when too many addresses are tracked: a bound on memory, not a rule.
      events.delete(key);
      events.set(key, times);
      if (events.size > maxKeys) {
        const oldest = events.keys().next().value;
        if (oldest !== undefined) events.delete(oldest);
      }
      return { taken: true, id };
    },
    async giveBack(key, id) {
      events.get(key)?.delete(id);
    },
    async peek(key, limit) {
      const now = clock.now().getTime();
      const times = live(key, now);
      return times
        ? { count: times.size, retryAfterMs: wait(times, limit, now) }
        : { count: 0, retryAfterMs: 0 };
    },
  };
}

/**
 * Redis's window while Redis answers, this process's own while it is away: the limit then holds
 * per instance instead of failing requests. A place is given back to both (an id unknown to one
 * is ignored there).
 */
function sharedWindow(
  shared: SharedRedis,
  prefix: string,
  windowMs: number,
  clock: Clock,
  maxKeys: number,
): SlidingWindow {
  const memory = memoryWindow(windowMs, clock, maxKeys);
  let kept: SlidingWindow | undefined;
  // The client is the same one on every attempt.
  const remote = (redis: Redis) => (kept ??= redisWindow(redis, prefix, windowMs, clock));
  return {
    take: (key, limit) =>
      shared.attempt(
        (redis) => remote(redis).take(key, limit),
        () => memory.take(key, limit),
      ),
    async giveBack(key, id) {
      await memory.giveBack(key, id);
      await shared.attempt(
        (redis) => remote(redis).giveBack(key, id),
        () => undefined,
      );
    },
    peek: (key, limit) =>
      shared.attempt(
        (redis) => remote(redis).peek(key, limit),
        () => memory.peek(key, limit),
      ),
  };
}

/**
 * Sliding windows kept in Redis when configured, so every instance counts the same events, and in
 * memory otherwise (and while Redis is away). Times come from the app's clock, so tests can move
 * through a window.
 */
export function createSlidingWindows(options: {
  redis: SharedRedis | null;
  keyPrefix: string;
  clock: Clock;
  maxKeys?: number;
}): SlidingWindows {
  const { redis, keyPrefix, clock } = options;
  const maxKeys = options.maxKeys ?? 50_000;
  return (name, windowMs) =>
    redis
      ? sharedWindow(redis, `${keyPrefix}sw:${name}:`, windowMs, clock, maxKeys)
      : memoryWindow(windowMs, clock, maxKeys);
}
