import { createHmac } from 'node:crypto';
import { resolve } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { type Config, fastifyTrustProxy } from './config/config.ts';
import type { Secrets } from './config/secrets.ts';
import type { Database } from './db/database.ts';
import { accountRoutes } from './features/account/account.routes.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { analyticsRoutes } from './features/analytics/analytics.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import type { CaptchaVerifier } from './features/auth/captcha.ts';
import { startBillingJobs } from './features/billing/billing-jobs.ts';
import type { PaymentGateway } from './features/billing/gateways/payment-gateway.ts';
import { billingRoutes } from './features/billing/payments.routes.ts';
import { classesRoutes } from './features/classes/classes.routes.ts';
import { distillRoutes } from './features/distill/distill.routes.ts';
import { explainRoutes } from './features/explain/explain.routes.ts';
import type { ExplanationProvider } from './features/explain/providers/provider.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { learningRoutes } from './features/learning/learning.routes.ts';
import { recapsRoutes } from './features/learning/recaps.routes.ts';
import { materialsRoutes } from './features/materials/materials.routes.ts';
import type { PdfReader } from './features/materials/pdf-text.ts';
import { METERS } from './features/metrics/daily-meter.ts';
import { metricsRoutes } from './features/metrics/metrics.routes.ts';
import { createMetrics } from './features/metrics/metrics.ts';
import { passkeysRoutes } from './features/passkeys/passkeys.routes.ts';
import type { PushSender } from './features/reminders/push-sender.ts';
import { scheduleReminders } from './features/reminders/reminder-scheduler.ts';
import { remindersRoutes } from './features/reminders/reminders.routes.ts';
import { shareRoutes } from './features/share/share.routes.ts';
import { loadShareRenderer, type SharePageRenderer } from './features/share/share-renderer.ts';
import { siteRoutes } from './features/site/site.routes.ts';
import { statsRoutes } from './features/stats/stats.routes.ts';
import { type Clock, shiftableClock, systemClock } from './lib/clock.ts';
import type { Mailer } from './lib/mailer.ts';
import { createSharedRedis } from './lib/shared-redis.ts';
import { tracing } from './lib/tracing.ts';
import { authenticatePlugin } from './plugins/authenticate.ts';
import { registerDocs } from './plugins/docs.ts';
import { answerFrameworkError, registerErrorHandler } from './plugins/error-handler.ts';
import { languagePlugin } from './plugins/language.ts';
import { refuseNulCharacters } from './plugins/nul-characters.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { RequestLog, requestLogger, secretFreeLogging } from './plugins/request-log.ts';
import { registerSecurity } from './plugins/security.ts';
import { inlineScriptHashes, loadSpaPages, registerSpa } from './plugins/spa.ts';
import { testClockRoutes } from './plugins/test-clock.ts';
import { testJobsRoutes } from './plugins/test-jobs.ts';
import { createServices } from './services.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  secrets: Secrets;
  redis: Redis | null;
  clock?: Clock;
  mailer?: Mailer;
  captcha?: CaptchaVerifier;
  /** Replaces the configured AI providers (tests pass fakes here). */
  providers?: ExplanationProvider[];
  explainTimeoutMs?: number;
  /** Replaces the 1.5 s retrieval budget (tests of a slow Wikipedia). */
  sourcesBudgetMs?: number;
  /** Replaces the gateway PAYMENT_GATEWAY names (tests pass fakes here). */
  paymentGateway?: PaymentGateway;
  /** Replaces the Web Push sender (tests point one at their fake push service). */
  pushSender?: PushSender;
  /** Replaces the PDF reader's pool (tests give it other limits, or count its reads). */
  pdfReader?: PdfReader;
  /** Replaces the time an upload's body may take to arrive (tests of slow bodies). */
  uploadReceiveMs?: number;
  /** Folder of the built SPA; defaults to apps/web/dist beside the server build. */
  webDist?: string;
  /** Renders share pages; by default the web build's (tests pass the web app's source one). */
  shareRenderer?: SharePageRenderer | null;
  /** Where log lines go instead of pino's standard output (main's batched one; tests read them). */
  logStream?: { write(line: string): void };
}

/** The current trace's id on every line logged through pino while tracing is on. */
const traceIdMixin = () => {
  const traceId = tracing().traceId();
  return traceId ? { trace_id: traceId } : {};
};

function loggerOptions(config: Config, stream: AppDeps['logStream']) {
  const level = config.LOG_LEVEL ?? (config.NODE_ENV === 'test' ? 'silent' : 'info');
  const base = tracing().enabled
    ? { level, mixin: traceIdMixin, ...secretFreeLogging }
    : { level, ...secretFreeLogging };
  if (stream) return { ...base, stream };
  if (config.NODE_ENV === 'development') return { ...base, transport: { target: 'pino-pretty' } };
  return base;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, redis } = deps;
  const app = Fastify({
    logger: loggerOptions(config, deps.logStream),
    logController: new RequestLog(),
    childLoggerFactory: requestLogger,
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    bodyLimit: 64 * 1024,
    // A request (headers and body) must arrive whole within a minute: one that trickles in
    // otherwise holds its socket and buffers for as long as the client likes. Uploads have a
    // shorter deadline of their own.
    requestTimeout: 60_000,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  // The server span of each request (lib/otel.ts) named by its route, once the route is known.
  if (tracing().enabled) {
    app.addHook('onRequest', (request, _reply, done) => {
      // No route, no name: a raw path may carry a token (SPEC's unsubscribe links do).
      if (request.routeOptions.url) tracing().route(request.method, request.routeOptions.url);
      done();
    });
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  refuseNulCharacters(app);

  const webDist = deps.webDist ?? resolve(import.meta.dirname, '../../web/dist');
  await registerSecurity(app, config.PUBLIC_URL, inlineScriptHashes(webDist));
  // One view of Redis for every user of it, so one failure pauses them all.
  const sharedRedis = redis ? createSharedRedis(redis, app.log) : null;
  await registerRateLimit(app, sharedRedis, {
    scale: config.RATE_LIMIT_SCALE,
    keyPrefix: config.REDIS_KEY_PREFIX,
  });
  await registerDocs(app);

  const metrics = createMetrics();
  const shareRenderer =
    deps.shareRenderer === undefined ? loadShareRenderer(webDist) : deps.shareRenderer;
  // Test runs only (config refuses it in production): the e2e suite moves the server's time.
  const testClock = config.TEST_CLOCK ? shiftableClock(deps.clock ?? systemClock) : null;
  const services = createServices(
    { ...deps, shareRenderer, ...(testClock ? { clock: testClock } : {}) },
    app.log,
    metrics.recorder,
    sharedRedis,
  );
  // 5xx answers per day for the operator's overview, counted by the metrics' hook.
  await app.register(
    metricsRoutes(metrics, config.METRICS_TOKEN, () => services.meter.add(METERS.errors5xx, 1)),
  );
  if (testClock) {
    app.log.warn('TEST_CLOCK is on: POST /api/test/clock moves this server’s clock');
    await app.register(testClockRoutes(testClock));
  }
  app.addHook('onClose', () => services.meter.flush());
  await app.register(authenticatePlugin, {
    authenticate: async (token) => services.auth.authenticate(token),
  });
  await app.register(languagePlugin, {
    authenticate: async (token) => services.auth.authenticate(token),
  });
  await app.register(healthRoutes(services.health));
  // Sign-in is all that reads or sets a cookie (the device cookie, DESIGN.md §14): its routes
  // alone get the cookie plugin's two hooks, which ran on every request before.
  await app.register(async (signIn) => {
    // Signs the device cookie with a key of its own, derived from the JWT secret.
    await signIn.register(fastifyCookie, {
      secret: createHmac('sha256', deps.secrets.jwtSecret).update('grasp_device').digest(),
    });
    await signIn.register(authRoutes(services.auth));
    await signIn.register(passkeysRoutes(services.passkeys, services.auth));
  });
  await app.register(accountRoutes(services));
  await app.register(statsRoutes(services.stats));
  await app.register(analyticsRoutes(services.analytics));
  await app.register(siteRoutes(services.site));
  await app.register(explainRoutes(services.explain, services.providers));
  await app.register(learningRoutes(services.learning));
  await app.register(recapsRoutes(services.recaps));
  await app.register(distillRoutes(services.distill));
  await app.register(materialsRoutes(services.materials, { receiveMs: deps.uploadReceiveMs }));
  app.addHook('onClose', () => services.materials.close());
  app.addHook('onClose', async () => services.share.close());
  await app.register(billingRoutes(services.billing));
  if (testClock) {
    await app.register(testJobsRoutes({ reconcile: () => services.billing.reconciliation.run() }));
  }
  // Tests run the jobs themselves (above, or through the service).
  if (config.NODE_ENV !== 'test') {
    const jobs = startBillingJobs(() => services.billing.runJobs(), app.log);
    app.addHook('onClose', () => jobs.stop());
  }
  await app.register(classesRoutes(services.classes));
  await app.register(adminRoutes(services.admin, services.accounts));
  await app.register(
    remindersRoutes(services.reminders, {
      vapidPublicKey: deps.secrets.vapidPublicKey,
      testJobs: testClock !== null,
    }),
  );
  // Tests run the job themselves (POST /api/test/jobs/reminders or the service).
  if (config.NODE_ENV !== 'test') {
    const stop = scheduleReminders(() => services.reminders.runReminders(), app.log);
    app.addHook('onClose', async () => stop());
  }
  const pages = loadSpaPages(webDist, services.site.publicConfig());
  await app.register(shareRoutes(services.share, pages.notFound));

  await registerSpa(app, webDist, pages);
  return app;
}
