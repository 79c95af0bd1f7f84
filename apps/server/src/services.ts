import { join } from 'node:path';
import { PRODUCT_NAME } from '@grasp/contract';
import type { AppDeps } from './app.ts';
import { createAccountService } from './features/account/account.service.ts';
import { createDeletionService } from './features/account/deletion.service.ts';
import { createExportService } from './features/account/export.service.ts';
import { createAdminService } from './features/admin/admin.service.ts';
import { parseAiPrices } from './features/admin/ai-prices.ts';
import { createAudit } from './features/admin/audit.service.ts';
import { createOverview } from './features/admin/overview.ts';
import { createAnalyticsService } from './features/analytics/analytics.service.ts';
import { createAccountsService } from './features/auth/accounts.service.ts';
import { createAddressLimits } from './features/auth/address-limits.ts';
import { createAuthService } from './features/auth/auth.service.ts';
import {
  type CaptchaVerifier,
  createAltchaVerifier,
  createTurnstileVerifier,
} from './features/auth/captcha.ts';
import { createLoginThrottle } from './features/auth/login-throttle.ts';
import { createPins, pinHashCostFor } from './features/auth/pin.ts';
import { createTokenSigner } from './features/auth/tokens.ts';
import { createBillingService } from './features/billing/billing.service.ts';
import { createUsageService } from './features/billing/usage.service.ts';
import { createClassesService } from './features/classes/classes.service.ts';
import { createJoinGuesses } from './features/classes/join-guesses.ts';
import { createDistillService } from './features/distill/distill.service.ts';
import { createDistillers } from './features/distill/distiller.ts';
import { createAnswerInFlight } from './features/explain/answer-in-flight.ts';
import { createExplainService } from './features/explain/explain.service.ts';
import { buildPrompt } from './features/explain/prompts.ts';
import { englishOnly } from './features/explain/providers/offline/english-only.ts';
import { createOfflineProvider } from './features/explain/providers/offline/offline-provider.ts';
import { createWordNet } from './features/explain/providers/offline/wordnet.ts';
import { recordedProvider } from './features/explain/providers/recorded-provider.ts';
import {
  createConfiguredProviders,
  createProviderRegistry,
} from './features/explain/providers/registry.ts';
import { createWikipediaExplainer } from './features/explain/providers/wikipedia/wikipedia-explainer.ts';
import { vendorOptionsOf } from './features/explain/vendor-options.ts';
import { createHealthService } from './features/health/health.service.ts';
import { createLearningService } from './features/learning/learning.service.ts';
import { buildQuizPrompt, buildTutorPrompt } from './features/learning/learning-prompts.ts';
import { createProgressReader } from './features/learning/progress.ts';
import { createRecapsService } from './features/learning/recaps.service.ts';
import { createMaterialSources } from './features/materials/material-sources.ts';
import { createMaterialsService } from './features/materials/materials.service.ts';
import { createPdfReader } from './features/materials/pdf-text.ts';
import { createDailyMeter, type DailyMeter, METERS } from './features/metrics/daily-meter.ts';
import { createPasskeysService } from './features/passkeys/passkeys.service.ts';
import { relyingPartyOf } from './features/passkeys/relying-party.ts';
import { createWebPushSender } from './features/reminders/push-sender.ts';
import { createRemindersService } from './features/reminders/reminders.service.ts';
import { createUnsubscribeTokens } from './features/reminders/unsubscribe-token.ts';
import { createShareService } from './features/share/share.service.ts';
import { createSiteService } from './features/site/site.service.ts';
import {
  createSourcesService,
  createWikipediaArticleSource,
  createWikipediaSources,
} from './features/sources/index.ts';
import { createStatsService } from './features/stats/stats.service.ts';
import { systemClock } from './lib/clock.ts';
import { createInvalidation } from './lib/invalidation.ts';
import { createMailer } from './lib/mailer.ts';
import { type Recorder, silentRecorder } from './lib/recorder.ts';
import type { SharedRedis } from './lib/shared-redis.ts';
import { createSlidingWindows } from './lib/sliding-window.ts';

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

function defaultCaptcha(deps: AppDeps): CaptchaVerifier {
  const { TURNSTILE_SITE_KEY: siteKey, TURNSTILE_SECRET_KEY: secretKey } = deps.config;
  if (siteKey && secretKey) return createTurnstileVerifier({ siteKey, secretKey });
  return createAltchaVerifier(deps.secrets.altchaHmacKey);
}

/** The recorder, also counting units into the operator's daily meters. */
function meteredRecorder(recorder: Recorder, meter: DailyMeter): Recorder {
  return {
    ...recorder,
    unitTaken() {
      recorder.unitTaken();
      meter.add(METERS.units, 1);
    },
    unitReturned() {
      recorder.unitReturned();
      meter.add(METERS.units, -1);
    },
  };
}

/**
 * Builds every service from its dependencies; tests swap vendors through AppDeps. `shared` is
 * the Redis client seen as shared state (lib/shared-redis.ts); only health asks Redis directly.
 */
export function createServices(
  deps: AppDeps,
  log: Log,
  metricsRecorder: Recorder = silentRecorder,
  shared: SharedRedis | null = null,
) {
  const { config, database, redis } = deps;
  const db = database.db;
  const clock = deps.clock ?? systemClock;
  const meter = createDailyMeter({ db, clock, log });
  const recorder = meteredRecorder(metricsRecorder, meter);
  const aiPrices = parseAiPrices(config.AI_PRICES);
  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: join(config.DATA_DIR, 'outbox'),
      log,
    });
  const { changes } = database;
  const usage = createUsageService({ db, clock, recorder, changes });
  const windows = createSlidingWindows({
    redis: shared,
    keyPrefix: config.REDIS_KEY_PREFIX,
    clock,
  });
  const classes = createClassesService({
    db,
    clock,
    progress: createProgressReader({ db, clock }),
    guesses: createJoinGuesses({ windows, scale: config.RATE_LIMIT_SCALE }),
  });
  const limits = createAddressLimits({ windows, scale: config.RATE_LIMIT_SCALE });
  const auth = createAuthService({
    db,
    clock,
    changes,
    captcha: deps.captcha ?? defaultCaptcha(deps),
    throttle: createLoginThrottle({ db, clock, scale: config.RATE_LIMIT_SCALE }),
    limits,
    tokens: createTokenSigner(deps.secrets.jwtSecret),
    pins: createPins(pinHashCostFor(config.NODE_ENV)),
    mailer,
    publicUrl: config.PUBLIC_URL,
    openFirstCycle: (tx, userId) => usage.openFirstCycle(tx, userId),
    log,
  });
  const passkeys = createPasskeysService({
    db,
    clock,
    mailer,
    rp: relyingPartyOf(config.PUBLIC_URL, config.PASSKEY_RP_ID),
    publicUrl: config.PUBLIC_URL,
    openSession: (userId, client) => auth.openSession(userId, client),
    confirmPin: (user, pin, sessionId) => auth.confirmPin(user, pin, sessionId),
    takeSignInFailure: (address) => limits.takeSignInFailure(address),
    log,
  });
  // One dictionary, so the offline explainer and distiller share its cache and open files.
  const wordnet = createWordNet();
  const wikipediaOptions = {
    baseUrl: config.WIKIPEDIA_URL,
    userAgent: `${PRODUCT_NAME}/1.0 (${config.PUBLIC_URL}; ${config.SUPPORT_EMAIL})`,
    redis: shared,
    keyPrefix: config.REDIS_KEY_PREFIX,
    log,
  };
  // The no-key explainer's articles (DESIGN.md §18); off with retrieval.
  const wikipediaArticles =
    config.SOURCES === 'off' ? null : createWikipediaArticleSource(wikipediaOptions);
  const providers = createProviderRegistry(
    (
      deps.providers ??
      createConfiguredProviders(
        vendorOptionsOf(config, meter.aiCall),
        { explain: buildPrompt, tutor: buildTutorPrompt, quiz: buildQuizPrompt },
        createWikipediaExplainer({
          articles: wikipediaArticles,
          dictionary: englishOnly(createOfflineProvider({ wordnet })),
        }),
      )
    ).map((provider) => recordedProvider(provider, recorder)),
    config.DEFAULT_AI_PROVIDER,
  );
  const materials = createMaterialsService({
    db,
    kind: database.kind,
    clock,
    pdf: deps.pdfReader ?? createPdfReader(),
  });
  const sources = createSourcesService({
    material: createMaterialSources(materials),
    wikipedia: config.SOURCES === 'off' ? null : createWikipediaSources(wikipediaOptions),
    budgetMs: deps.sourcesBudgetMs,
  });
  const explain = createExplainService({
    db,
    clock,
    providers,
    units: usage,
    timeoutMs: deps.explainTimeoutMs,
    inFlight: createAnswerInFlight({
      redis: shared,
      keyPrefix: config.REDIS_KEY_PREFIX,
      timeoutMs: deps.explainTimeoutMs,
    }),
    recorder,
    sources,
    materials,
    sponsor: classes.sponsor,
  });
  const recaps = createRecapsService({ db, clock });
  const learning = createLearningService({
    db,
    clock,
    explanations: explain,
    providers,
    units: usage,
    timeoutMs: deps.explainTimeoutMs,
    // The last answer is stored by now: a first rating that fails must not turn it into an error
    // that a retry (409, answered) cannot mend; the card keeps the rating it starts with.
    onQuizCompleted: (userId, explanationId, allCorrect) =>
      recaps
        .quizCompleted(userId, explanationId, allCorrect)
        .catch((error: unknown) => log.warn({ err: error, explanationId }, 'quiz rating not kept')),
  });
  const reminders = createRemindersService({
    db,
    clock,
    mailer,
    push:
      deps.pushSender ??
      createWebPushSender({
        publicKey: deps.secrets.vapidPublicKey,
        privateKey: deps.secrets.vapidPrivateKey,
        subject: `mailto:${config.SUPPORT_EMAIL}`,
        allowedHosts: config.PUSH_ALLOWED_HOSTS,
      }),
    publicUrl: config.PUBLIC_URL,
    unsubscribeTokens: createUnsubscribeTokens(deps.secrets.jwtSecret),
    recaps,
    log,
  });
  const share = createShareService({
    db,
    clock,
    publicUrl: config.PUBLIC_URL,
    explanations: explain,
    records: learning,
    users: auth,
    renderer: deps.shareRenderer ?? null,
    invalidation: createInvalidation({
      changes,
      redis: redis && shared ? { client: redis, shared } : null,
      channel: `${config.REDIS_KEY_PREFIX}share-pages:revoked`,
    }),
  });
  const distill = createDistillService({
    db,
    clock,
    units: usage,
    recaps,
    materials,
    timeoutMs: deps.explainTimeoutMs,
    distillers: createDistillers({
      vendors: vendorOptionsOf(config, meter.aiCall),
      providers: deps.providers,
      defaultId: providers.defaultId,
      wordnet,
    }),
  });
  const analytics = createAnalyticsService({ db, clock });
  const billing = createBillingService({
    db,
    clock,
    config,
    secret: deps.secrets.jwtSecret,
    usage,
    mailer,
    gateway: deps.paymentGateway,
    log,
    recorder,
  });
  const account = createAccountService({
    db,
    clock,
    mailer,
    auth,
    passkeysOf: (userId) => passkeys.namesOf(userId),
    windows,
    scale: config.RATE_LIMIT_SCALE,
    publicUrl: config.PUBLIC_URL,
    log,
  });
  const accounts = createAccountsService({ db, clock });
  const audit = createAudit({ db, clock });
  const overview = createOverview({
    clock,
    prices: aiPrices,
    sources: {
      learners: () => accounts.count(),
      signUpsByDay: (from) => accounts.signUpsByDay(from),
      activitySince: (from) => explain.activitySince(from),
      billingDaily: (from) => billing.staff.daily(from),
      meters: (fromDay, toDay) => meter.between(fromDay, toDay),
    },
  });
  const exports = createExportService({
    clock,
    windows,
    scale: config.RATE_LIMIT_SCALE,
    sources: { explain, learning, share, recaps, materials, classes, billing, reminders },
    log,
  });
  // Account deletion, one step per feature, in an order the foreign keys allow; the account row
  // itself is emptied last (payments and invoices keep pointing at it).
  const deletion = createDeletionService({
    db,
    mailer,
    auth,
    log,
    steps: [
      { name: 'share pages go', run: share.forgetUser },
      { name: 'quiz attempts go', run: learning.forgetUser },
      { name: 'recaps go', run: recaps.forgetUser },
      { name: 'explanations go', run: explain.forgetUser },
      { name: 'distillations go', run: distill.forgetUser },
      { name: 'materials go', run: materials.forgetUser },
      { name: 'classes and memberships go', run: classes.forgetUser },
      { name: 'reminders and push subscriptions go', run: reminders.forgetUser },
      { name: 'usage cycles go', run: usage.forgetUser },
      { name: 'page views are untied', run: analytics.forgetUser },
      { name: 'passkeys go', run: passkeys.forgetUser },
      { name: 'account links go', run: account.forgetLinks },
      { name: 'sessions and devices go, the account is emptied', run: auth.forget },
    ],
  });
  return {
    clock,
    account,
    meter,
    accounts,
    admin: createAdminService({
      accounts,
      auth,
      usage,
      billing: billing.staff,
      invoices: billing.invoices,
      classes,
      materials,
      audit,
      overview,
      passkeys,
    }),
    exports,
    deletion,
    usage,
    reminders,
    auth,
    passkeys,
    providers,
    explain,
    recaps,
    learning,
    share,
    distill,
    materials,
    classes,
    health: createHealthService({ db, redis }),
    analytics,
    site: createSiteService({ config }),
    stats: createStatsService({
      db,
      availableUnits: (userId) => usage.availableUnits(userId),
      reviewMoments: (userId) => recaps.reviewMoments(userId),
    }),
    billing,
  };
}
export type Services = ReturnType<typeof createServices>;
