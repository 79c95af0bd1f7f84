import { buildApp } from './app.ts';
import { ConfigError, parseEnv } from './config/config.ts';
import { loadSecrets } from './config/secrets.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { connectRedis, redisReady } from './lib/redis.ts';
import { turnOutput } from './lib/turn-output.ts';

async function start(): Promise<void> {
  const config = parseEnv(process.env);
  const secrets = loadSecrets(config.DATA_DIR, config);
  // Before anything makes a request or a query: node:http is patched for its spans.
  const otel = config.OTEL_EXPORTER_OTLP_ENDPOINT
    ? await (await import('./lib/otel.ts')).startOtel({
        protocol: config.OTEL_EXPORTER_OTLP_PROTOCOL,
        serviceName: config.OTEL_SERVICE_NAME,
      })
    : null;
  const database = openDatabase({
    url: config.databaseUrl,
    dataDir: config.DATA_DIR,
    checkpointInBackground: true,
    traced: otel !== null,
  });
  await migrateToLatest(database.db, database.schema);
  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL) : null;
  if (redis) await redisReady(redis);
  // The log's lines go out once per turn of the event loop (development prints them pretty).
  const logStream = config.NODE_ENV === 'development' ? undefined : turnOutput();
  if (logStream) process.on('exit', logStream.flush);
  const app = await buildApp({
    config,
    database,
    secrets,
    redis,
    ...(logStream ? { logStream } : {}),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await database.close();
    redis?.disconnect();
    await otel?.shutdown();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(`Grasp is serving ${config.PUBLIC_URL} (database: ${database.kind})`);
}

start().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Grasp failed to start:', error);
  }
  process.exit(1);
});
