import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { SharedRedis } from '../lib/shared-redis.ts';

interface Count {
  current: number;
  ttl: number;
}
type Counted = (error: Error | null, result?: Count) => void;

// A fixed window per key: the first request of a window starts its expiry.
const INCREMENT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  ttl = tonumber(ARGV[1])
  redis.call('PEXPIRE', KEYS[1], ttl)
end
return {current, ttl}
`;

/**
 * The same fixed windows in this process, bounded: the least recently counted keys go first when
 * full. A Map in use order rather than lru-cache, which allocates room for every key up front:
 * ~1 MB for each of the ~60 limited routes, a third of the server's resident memory at start.
 */
function memoryCounter(maxKeys: number) {
  const windows = new Map<string, { current: number; endsAt: number }>();
  // The key counted last is already last in use order: a burst from one caller moves nothing.
  let newest: string | undefined;
  return (key: string, windowMs: number): Count => {
    const now = Date.now();
    let window = windows.get(key);
    let reorder = key !== newest;
    if (!window || window.endsAt <= now) {
      window = { current: 0, endsAt: now + windowMs };
      reorder = true;
    }
    if (reorder) {
      windows.delete(key);
      if (windows.size >= maxKeys) windows.delete(windows.keys().next().value as string);
      windows.set(key, window);
      newest = key;
    }
    window.current++;
    return { current: window.current, ttl: window.endsAt - now };
  };
}

/** What the plugin hands `child`: the route's merged options, naming the route. */
interface RouteLimitOptions {
  routeInfo?: { method?: unknown; url?: unknown };
}

/**
 * Route counters in Redis while it answers, so every instance shares them, and in this
 * process's memory without Redis or while it is away: a limit then holds per instance instead
 * of failing the request.
 */
export function fallbackRateLimitStore(
  shared: SharedRedis | null,
  nameSpace: string,
  maxKeys = 50_000,
): FastifyRateLimitStoreCtor {
  return class RateLimitStore implements FastifyRateLimitStore {
    private readonly memory = memoryCounter(maxKeys);

    constructor(
      _options: FastifyRateLimitOptions,
      private readonly prefix = nameSpace,
    ) {}

    incr(key: string, done: Counted, timeWindow: number): void {
      const local = () => this.memory(key, timeWindow);
      if (!shared) {
        done(null, local());
        return;
      }
      shared
        .attempt(async (redis) => {
          const reply = await redis.eval(INCREMENT, 1, this.prefix + key, timeWindow);
          const [current, ttl] = reply as [number, number];
          return { current, ttl };
        }, local)
        .then(
          (count) => done(null, count),
          (error: unknown) => done(error as Error),
        );
    }

    child(options: object): FastifyRateLimitStore {
      const { routeInfo } = options as RouteLimitOptions;
      const route = `${String(routeInfo?.method)}${String(routeInfo?.url)}`;
      return new RateLimitStore({}, `${this.prefix}${route}-`);
    }
  };
}
