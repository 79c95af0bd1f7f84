import type { BillingConfigResponse } from '@grasp/contract';
import type { Kysely } from 'kysely';
import { type Config, ConfigError } from '../../config/config.ts';
import type { DB } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Recorder } from '../../lib/recorder.ts';
import type { PaymentGateway } from './gateways/payment-gateway.ts';
import { createPhonePeGateway } from './gateways/phonepe-gateway.ts';
import { createSandboxGateway, deriveSandboxKey } from './gateways/sandbox-gateway.ts';
import { createSandboxLedger } from './gateways/sandbox-ledger.ts';
import { createPaymentService } from './payments.service.ts';
import type { UsageService } from './usage.service.ts';

/** PhonePe's production host; its UAT host is https://api-preprod.phonepe.com/apis/pg-sandbox. */
export const PHONEPE_PRODUCTION_URL = 'https://api.phonepe.com/apis/hermes';

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

function phonePeFromConfig(config: Config): PaymentGateway {
  const { PHONEPE_MERCHANT_ID, PHONEPE_SALT_KEY, PHONEPE_SALT_INDEX } = config;
  const missing = Object.entries({ PHONEPE_MERCHANT_ID, PHONEPE_SALT_KEY, PHONEPE_SALT_INDEX })
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (!PHONEPE_MERCHANT_ID || !PHONEPE_SALT_KEY || !PHONEPE_SALT_INDEX) {
    throw new ConfigError(`PAYMENT_GATEWAY=phonepe needs ${missing.join(', ')}`);
  }
  return createPhonePeGateway({
    merchantId: PHONEPE_MERCHANT_ID,
    saltKey: PHONEPE_SALT_KEY,
    saltIndex: PHONEPE_SALT_INDEX,
    baseUrl: config.PHONEPE_BASE_URL ?? PHONEPE_PRODUCTION_URL,
  });
}

/** Payments with the gateway PAYMENT_GATEWAY names, unless a test passes its own. */
export function createBillingService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  config: Config;
  /** Server secret the sandbox derives its signing key from. */
  secret: string;
  usage: Pick<UsageService, 'startPlan'>;
  gateway?: PaymentGateway;
  log: Log;
  recorder?: Recorder;
}) {
  const { db, clock, config, log } = deps;
  const sandbox = createSandboxGateway({
    ledger: createSandboxLedger({ db, clock }),
    key: deriveSandboxKey(deps.secret),
  });
  const gateway =
    deps.gateway ??
    (config.PAYMENT_GATEWAY === 'phonepe' ? phonePeFromConfig(config) : sandbox.gateway);
  if (gateway.id === 'phonepe' && !deps.gateway) {
    log.info({ host: config.PHONEPE_BASE_URL ?? PHONEPE_PRODUCTION_URL }, 'payments via PhonePe');
  }
  const publicConfig: BillingConfigResponse = {
    gateway: gateway.id,
    supportEmail: config.SUPPORT_EMAIL,
    supportPhone: config.SUPPORT_PHONE,
  };
  return {
    payments: createPaymentService({
      db,
      clock,
      gateway,
      usage: deps.usage,
      publicUrl: config.PUBLIC_URL,
      log,
      ...(deps.recorder ? { recorder: deps.recorder } : {}),
    }),
    /** The test checkout, served only while the sandbox is the gateway in use. */
    sandbox: gateway === sandbox.gateway ? sandbox : null,
    publicConfig,
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
