import { resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config/config.ts';
import type { Secrets } from './config/secrets.ts';
import type { Database } from './db/database.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { createHealthService } from './features/health/health.service.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerSpa } from './plugins/spa.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  secrets: Secrets;
  redis: Redis | null;
  clock?: Clock;
  /** Folder of the built SPA; defaults to apps/web/dist beside the server build. */
  webDist?: string;
}

function loggerOptions(config: Config) {
  if (config.NODE_ENV === 'development') {
    return { level: config.LOG_LEVEL, transport: { target: 'pino-pretty' } };
  }
  return { level: config.NODE_ENV === 'test' ? 'silent' : config.LOG_LEVEL };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, redis } = deps;
  const clock = deps.clock ?? systemClock;
  void clock;
  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 64 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await registerSecurity(app, config.PUBLIC_URL);
  await registerRateLimit(app, redis);
  await registerDocs(app);

  await app.register(healthRoutes(createHealthService({ db: database.db, redis })));

  await registerSpa(app, deps.webDist ?? resolve(import.meta.dirname, '../../web/dist'));
  return app;
}
