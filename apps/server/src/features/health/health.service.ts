import type { HealthResponse } from '@grasp/contract';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { pingDatabase } from '../../db/database.ts';
import type { DB } from '../../db/types.ts';

export function createHealthService(deps: { db: Kysely<DB>; redis: Redis | null }) {
  async function redisState(): Promise<HealthResponse['redis']> {
    if (!deps.redis) return 'unused';
    try {
      return (await deps.redis.ping()) === 'PONG' ? 'up' : 'down';
    } catch {
      return 'down';
    }
  }

  return {
    async check(): Promise<HealthResponse> {
      const [database, redis] = await Promise.all([pingDatabase(deps.db), redisState()]);
      const healthy = database && redis !== 'down';
      return { status: healthy ? 'ok' : 'degraded', database: database ? 'up' : 'down', redis };
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;

/**
 * Whether the instance can serve: the database answers. Redis only shares state between
 * instances (each keeps its own while Redis is away), so it is reported but never takes an
 * instance out of a load balancer.
 */
export const isReady = (report: HealthResponse) => report.database === 'up';
