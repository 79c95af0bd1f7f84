import type { BillingConfigResponse } from '@grasp/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config/config.ts';
import type { DB } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { Recorder } from '../../lib/recorder.ts';
import {
  PHONEPE_PRODUCTION_URL,
  phonePeV1FromConfig,
  phonePeV2FromConfig,
  sellerFromConfig,
} from './billing-config.ts';
import type { IncomingCallback, PaymentGateway } from './gateways/payment-gateway.ts';
import { createSandboxGateway, deriveSandboxKey } from './gateways/sandbox-gateway.ts';
import { createSandboxLedger } from './gateways/sandbox-ledger.ts';
import { createInvoiceService } from './invoices.service.ts';
import { createPaymentService } from './payments.service.ts';
import { createReconciliation } from './reconciliation.service.ts';
import { createRefundService } from './refunds.service.ts';
import { createRenewMail } from './renew-mail.ts';
import { createStaffBilling } from './staff-billing.service.ts';
import type { UsageService } from './usage.service.ts';

export { PHONEPE_PRODUCTION_URL };

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

function configuredGateway(config: Config, sandbox: PaymentGateway): PaymentGateway {
  if (config.PAYMENT_GATEWAY === 'phonepe') return phonePeV2FromConfig(config);
  if (config.PAYMENT_GATEWAY === 'phonepe-v1') return phonePeV1FromConfig(config);
  return sandbox;
}

/** Payments with the gateway PAYMENT_GATEWAY names, unless a test passes its own. */
export function createBillingService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  config: Config;
  /** Server secret the sandbox derives its signing key from. */
  secret: string;
  usage: Pick<UsageService, 'startPlan'>;
  mailer: Mailer;
  gateway?: PaymentGateway | undefined;
  log: Log;
  recorder?: Recorder;
}) {
  const { db, clock, config, log } = deps;
  const sandbox = createSandboxGateway({
    ledger: createSandboxLedger({ db, clock }),
    key: deriveSandboxKey(deps.secret),
  });
  const seller = sellerFromConfig(config);
  const gateway = deps.gateway ?? configuredGateway(config, sandbox.gateway);
  if (gateway.id !== 'sandbox' && !deps.gateway) {
    log.info({ gateway: gateway.id, host: config.PHONEPE_BASE_URL }, 'payments via PhonePe');
  }
  const invoices = createInvoiceService({ db, seller });
  const payments = createPaymentService({
    db,
    clock,
    gateway,
    usage: deps.usage,
    invoices,
    publicUrl: config.PUBLIC_URL,
    log,
    ...(deps.recorder ? { recorder: deps.recorder } : {}),
  });
  const refunds = createRefundService({ db, clock, gateway, usage: deps.usage, log });
  const reconciliation = createReconciliation({ db, clock, gateway, payments, refunds, log });
  const renewMail = createRenewMail({
    db,
    clock,
    mailer: deps.mailer,
    publicUrl: config.PUBLIC_URL,
    log,
  });
  const publicConfig: BillingConfigResponse = {
    gateway: gateway.id,
    supportEmail: config.SUPPORT_EMAIL,
    supportPhone: config.SUPPORT_PHONE,
  };

  return {
    payments,
    refunds,
    invoices,
    reconciliation,
    /** What the operator's console reads and does (features/admin). */
    staff: createStaffBilling({ db, refunds, reconciliation }),
    renewMail,
    /** The test checkout, served only while the sandbox is the gateway in use. */
    sandbox: gateway === sandbox.gateway ? sandbox : null,
    publicConfig,

    /** A gateway's server-to-server report: v1 shapes carry the verdict, v2 ask the status API. */
    async handleCallback(callback: IncomingCallback): Promise<void> {
      const verified = gateway.verifyCallback(callback);
      if (!('kind' in verified)) return payments.applyReport(verified, 'callback');
      if (verified.kind === 'order') return payments.confirmOrderNotice(verified);
      if (verified.kind === 'refund') return refunds.confirmRefundNotice(verified);
      log.info({ event: verified.event }, 'webhook event not used');
    },

    /** Every job the billing feature runs on a timer (see billing-jobs.ts). */
    async runJobs(): Promise<{ checked: number; settled: number; renewMails: number }> {
      const reconciled = await reconciliation.run();
      const { sent } = await renewMail.run();
      return { ...reconciled, renewMails: sent };
    },
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
