import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { type AppDeps, buildApp } from '../../app.ts';
import { parseEnv } from '../../config/config.ts';
import { type Database, migrateToLatest } from '../../db/database.ts';
import { TEST_SECRETS } from '../build-test-app.ts';
import { createTestSchema, TEST_DATABASE_URL } from '../databases.ts';
import { connectTestRedis, dropKeys, TEST_REDIS_URL, testKeyPrefix } from '../redis.ts';

export interface Instance {
  app: FastifyInstance;
  database: Database;
  redis: Redis;
  url: string;
}

export interface Cluster {
  instances: Instance[];
  close(): Promise<void>;
}

export interface ClusterOptions {
  count?: number;
  databaseUrl?: string;
  redisUrl?: string;
  env?: Record<string, string>;
  deps?: Partial<AppDeps>;
}

/**
 * Several real servers, each with its own database pool, Redis client and services, listening on
 * their own ports in front of one PostgreSQL schema and one Redis key prefix: a deployment of
 * several instances, shrunk into one test process.
 */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const testSchema = await createTestSchema(options.databaseUrl ?? TEST_DATABASE_URL);
  const keyPrefix = testKeyPrefix();
  const instances: Instance[] = [];
  for (let i = 0; i < (options.count ?? 2); i++) {
    const database = testSchema.open();
    if (i === 0) await migrateToLatest(database.db, database.schema);
    const redis = await connectTestRedis(options.redisUrl ?? TEST_REDIS_URL);
    const dataDir = mkdtempSync(join(tmpdir(), 'grasp-instance-'));
    const config = parseEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      REDIS_KEY_PREFIX: keyPrefix,
      // Tests pick each request's client address with X-Forwarded-For.
      TRUST_PROXY: 'true',
      ...options.env,
    });
    const app = await buildApp({
      config,
      database,
      secrets: TEST_SECRETS,
      redis,
      webDist: join(dataDir, 'no-web'),
      ...options.deps,
    });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    instances.push({ app, database, redis, url });
  }
  return {
    instances,
    async close() {
      for (const { app, database, redis } of instances) {
        await app.close();
        await database.close();
        await dropKeys(redis, keyPrefix).catch(() => undefined);
        redis.disconnect();
      }
      await testSchema.drop();
    },
  };
}
