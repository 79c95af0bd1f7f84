import rateLimit from '@fastify/rate-limit';
import { ERROR_CODES } from '@grasp/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addressKey } from '../lib/client-address.ts';
import { AppError } from '../lib/errors.ts';
import type { SharedRedis } from '../lib/shared-redis.ts';
import { fallbackRateLimitStore } from './rate-limit-store.ts';

/**
 * Routes opt in with `config.rateLimit`; counters live in Redis when configured, so every
 * instance shares them, and in the instance's memory while Redis is away.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** A route's rate limit, scaled by RATE_LIMIT_SCALE (benchmarks raise it; never lower). */
    limit(max: number, timeWindow: string): { max: number; timeWindow: string };
    /**
     * The same, counted per signed-in user rather than per address, for routes behind
     * requireUser: a class behind one address shares nothing. Runs after requireUser.
     */
    limitPerUser(max: number, timeWindow: string): RouteLimit;
  }
}

interface RouteLimit {
  max: number;
  timeWindow: string;
  hook: 'preHandler';
  keyGenerator: (request: FastifyRequest) => string;
}

const userKey = (request: FastifyRequest) =>
  request.auth ? `user:${request.auth.user.id}` : addressKey(request.ip);

export async function registerRateLimit(
  app: FastifyInstance,
  redis: SharedRedis | null,
  options: { scale: number; keyPrefix: string },
): Promise<void> {
  const { scale } = options;
  app.decorate('limit', (max: number, timeWindow: string) => ({
    max: Math.ceil(max * scale),
    timeWindow,
  }));
  app.decorate('limitPerUser', (max: number, timeWindow: string) => ({
    max: Math.ceil(max * scale),
    timeWindow,
    hook: 'preHandler' as const,
    keyGenerator: userKey,
  }));
  await app.register(rateLimit, {
    global: false,
    store: fallbackRateLimitStore(redis, `${options.keyPrefix}rl:`),
    skipOnError: false,
    // The counters go out with the 429 only; no client reads them before, and three headers on
    // every answer were a measured few percent of a cached explanation's throughput.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError(
        429,
        ERROR_CODES.rateLimited,
        `Too many requests. Please try again in ${seconds} seconds.`,
        undefined,
        { key: 'server.tooManyRequests', values: { seconds } },
      );
    },
  });
}
