import { findIndianState } from '@grasp/contract';
import { type Config, ConfigError } from '../../config/config.ts';
import type { PaymentGateway } from './gateways/payment-gateway.ts';
import { createPhonePeGateway } from './gateways/phonepe-gateway.ts';
import { createPhonePeV2Gateway } from './gateways/phonepe-v2-gateway.ts';
import type { Seller } from './invoice-page.ts';

/** PhonePe's v1 production host; its UAT host is https://api-preprod.phonepe.com/apis/pg-sandbox. */
export const PHONEPE_PRODUCTION_URL = 'https://api.phonepe.com/apis/hermes';

/** PhonePe v2's hosts: the PG APIs and the OAuth endpoint (one host in sandbox). */
export const PHONEPE_V2_HOSTS = {
  production: {
    pg: 'https://api.phonepe.com/apis/pg',
    oauth: 'https://api.phonepe.com/apis/identity-manager',
  },
  sandbox: {
    pg: 'https://api-preprod.phonepe.com/apis/pg-sandbox',
    oauth: 'https://api-preprod.phonepe.com/apis/pg-sandbox',
  },
} as const;

function needAll<T extends Record<string, string | undefined>>(
  gateway: string,
  values: T,
): { [K in keyof T]: string } {
  const missing = Object.entries(values)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length > 0) {
    throw new ConfigError(`PAYMENT_GATEWAY=${gateway} needs ${missing.join(', ')}`);
  }
  return values as { [K in keyof T]: string };
}

export function phonePeV1FromConfig(config: Config): PaymentGateway {
  const v = needAll('phonepe-v1', {
    PHONEPE_MERCHANT_ID: config.PHONEPE_MERCHANT_ID,
    PHONEPE_SALT_KEY: config.PHONEPE_SALT_KEY,
    PHONEPE_SALT_INDEX: config.PHONEPE_SALT_INDEX,
  });
  return createPhonePeGateway({
    merchantId: v.PHONEPE_MERCHANT_ID,
    saltKey: v.PHONEPE_SALT_KEY,
    saltIndex: v.PHONEPE_SALT_INDEX,
    baseUrl: config.PHONEPE_BASE_URL ?? PHONEPE_PRODUCTION_URL,
  });
}

export function phonePeV2FromConfig(config: Config): PaymentGateway {
  const v = needAll('phonepe', {
    PHONEPE_CLIENT_ID: config.PHONEPE_CLIENT_ID,
    PHONEPE_CLIENT_SECRET: config.PHONEPE_CLIENT_SECRET,
    PHONEPE_CLIENT_VERSION: config.PHONEPE_CLIENT_VERSION,
    PHONEPE_WEBHOOK_USERNAME: config.PHONEPE_WEBHOOK_USERNAME,
    PHONEPE_WEBHOOK_PASSWORD: config.PHONEPE_WEBHOOK_PASSWORD,
  });
  const hosts = PHONEPE_V2_HOSTS[config.PHONEPE_ENV];
  return createPhonePeV2Gateway({
    clientId: v.PHONEPE_CLIENT_ID,
    clientSecret: v.PHONEPE_CLIENT_SECRET,
    clientVersion: v.PHONEPE_CLIENT_VERSION,
    webhookUsername: v.PHONEPE_WEBHOOK_USERNAME,
    webhookPassword: v.PHONEPE_WEBHOOK_PASSWORD,
    baseUrl: config.PHONEPE_BASE_URL ?? hosts.pg,
    oauthBaseUrl: config.PHONEPE_BASE_URL ?? hosts.oauth,
  });
}

/**
 * The seller printed on tax invoices. With real money (phonepe) every SELLER_* is required and
 * checked: a known state, and a GSTIN registered in it; the test gateways print placeholders.
 */
export function sellerFromConfig(config: Config): Seller {
  const strict = config.PAYMENT_GATEWAY === 'phonepe';
  if (strict) {
    needAll('phonepe', {
      SELLER_NAME: config.SELLER_NAME,
      SELLER_ADDRESS: config.SELLER_ADDRESS,
      SELLER_GSTIN: config.SELLER_GSTIN,
      SELLER_STATE: config.SELLER_STATE,
    });
  }
  const state = findIndianState(config.SELLER_STATE ?? 'Karnataka');
  if (!state) {
    throw new ConfigError(
      'Invalid configuration:\n  SELLER_STATE: must be an Indian state’s name or its two-digit GST code',
    );
  }
  if (config.SELLER_GSTIN && !config.SELLER_GSTIN.startsWith(state.code)) {
    throw new ConfigError(
      `Invalid configuration:\n  SELLER_GSTIN: must start with ${state.code}, the GST code of ${state.name} (SELLER_STATE)`,
    );
  }
  return {
    name: config.SELLER_NAME ?? 'Grasp (test checkout)',
    address: config.SELLER_ADDRESS ?? 'Seller address not configured',
    gstin: config.SELLER_GSTIN ?? null,
    stateCode: state.code,
  };
}
