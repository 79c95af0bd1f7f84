import { PRO_PAYMENT } from '@grasp/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { Database, DatabaseKind } from '../../db/database.ts';
import type { DB } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { signedInUser } from '../../test/auth-helpers.ts';
import { buildTestApp, TEST_SECRETS, type TestApp } from '../../test/build-test-app.ts';
import { createTestDatabase } from '../../test/databases.ts';
import { type FakePhonePe, startFakePhonePe } from '../../test/fake-vendors/phonepe.ts';
import { type FakePhonePeV2, startFakePhonePeV2 } from '../../test/fake-vendors/phonepe-v2.ts';
import { createPhonePeV2Gateway, type PhonePeV2Options } from './gateways/phonepe-v2-gateway.ts';
import { createSandboxGateway, deriveSandboxKey } from './gateways/sandbox-gateway.ts';
import type { SandboxTransaction } from './gateways/sandbox-ledger.ts';
import { createSandboxLedger } from './gateways/sandbox-ledger.ts';

/** The secrets every test app runs with, so billing tests can sign sandbox callbacks themselves. */
export { TEST_SECRETS };

export interface Payer {
  token: string;
  userId: string;
  username: string;
}

export async function payer(app: FastifyInstance, db: Kysely<DB>, username: string) {
  const session = await signedInUser(app, db, username);
  return { token: session.token, userId: session.user.id, username };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function initiate(app: FastifyInstance, who: Payer, body: Record<string, unknown> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/payment/initiate',
    headers: bearer(who.token),
    payload: {
      amount: PRO_PAYMENT.amountPaise,
      userId: who.userId,
      redirectUrl: 'http://localhost:3000/payment-status',
      productId: PRO_PAYMENT.productId,
      ...body,
    },
  });
}

/** Initiates and returns the new transaction id, failing loudly otherwise. */
export async function newPayment(app: FastifyInstance, who: Payer): Promise<string> {
  const res = await initiate(app, who);
  if (res.statusCode !== 200) throw new Error(`initiate failed: ${res.body}`);
  return res.json<{ merchantTransactionId: string }>().merchantTransactionId;
}

/** The customer's button on the sandbox checkout page, posted as the browser's form would. */
export function checkout(app: FastifyInstance, id: string, outcome: 'pay' | 'fail' | 'cancel') {
  return app.inject({
    method: 'POST',
    url: `/api/payment/sandbox/checkout/${id}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });
}

export function paymentStatus(app: FastifyInstance, who: Payer, id: string) {
  return app.inject({
    method: 'GET',
    url: `/api/payment/status/${id}`,
    headers: bearer(who.token),
  });
}

export async function units(app: FastifyInstance, who: Payer) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/stats/units/${who.username}`,
    headers: bearer(who.token),
  });
  return res.json<{ user: { plan: string }; available_units: number | null }>();
}

export function postCallback(
  app: FastifyInstance,
  callback: { body: unknown; xVerify?: string | undefined },
) {
  return app.inject({
    method: 'POST',
    url: '/api/payment/callback',
    headers: callback.xVerify ? { 'x-verify': callback.xVerify } : {},
    payload: callback.body as Record<string, unknown>,
  });
}

/** Signs sandbox callbacks with the key the app derives from TEST_SECRETS. */
export function sandboxSigner(db: Kysely<DB>, clock: Clock, secret = TEST_SECRETS.jwtSecret) {
  const sandbox = createSandboxGateway({
    ledger: createSandboxLedger({ db, clock }),
    key: deriveSandboxKey(secret),
  });
  return (tx: Partial<SandboxTransaction> & { merchantTransactionId: string }) =>
    sandbox.signedCallback({
      amountPaise: PRO_PAYMENT.amountPaise,
      returnPath: '/payment-status',
      outcome: 'PAYMENT_SUCCESS',
      gatewayTransactionId: 'SBXTEST',
      ...tx,
    });
}

export async function proCycles(db: Kysely<DB>, userId: string): Promise<number> {
  const rows = await db
    .selectFrom('usage_cycles')
    .select('id')
    .where('user_id', '=', userId)
    .where('plan', '=', 'pro')
    .execute();
  return rows.length;
}

/** Marks units of the user's Pro cycles as used, as if they had spent them. */
export async function spendProUnits(db: Kysely<DB>, userId: string, unitsUsed: number) {
  await db
    .updateTable('usage_cycles')
    .set({ units_used: unitsUsed })
    .where('user_id', '=', userId)
    .where('plan', '=', 'pro')
    .execute();
}

export async function eventStates(db: Kysely<DB>, id: string): Promise<string[]> {
  const rows = await db
    .selectFrom('payment_events')
    .select(['state', 'source'])
    .where('merchant_transaction_id', '=', id)
    .where('source', '<>', 'sandbox')
    .execute();
  // Sorted: under a manual clock every event has the same timestamp.
  return rows.map((r) => `${r.source}:${r.state}`).sort();
}

/** The seller every v2 test configures: Karnataka, so a Karnataka buyer pays CGST + SGST. */
export const TEST_SELLER_ENV = {
  SELLER_NAME: 'Grasp Learning Pvt Ltd',
  SELLER_ADDRESS: '12 MG Road, Bengaluru 560001',
  SELLER_GSTIN: '29ABCDE1234F1Z5',
  SELLER_STATE: 'Karnataka',
};

export const v2Env = (fake: FakePhonePeV2, publicUrl: string): Record<string, string> => ({
  PUBLIC_URL: publicUrl,
  RATE_LIMIT_SCALE: '100',
  PAYMENT_GATEWAY: 'phonepe',
  ...fake.env,
  ...TEST_SELLER_ENV,
});

/** A webhook as PhonePe posts it, with the given Authorization (none when undefined). */
export function postWebhook(
  app: FastifyInstance,
  body: unknown,
  authorization: string | undefined,
) {
  return app.inject({
    method: 'POST',
    url: '/api/payment/callback',
    headers: authorization === undefined ? {} : { authorization },
    payload: body as Record<string, unknown>,
  });
}

/** A v2 gateway of the test's own, pointed at the fake with its credentials. */
export const fakeV2Gateway = (fake: FakePhonePeV2, extra: Partial<PhonePeV2Options> = {}) =>
  createPhonePeV2Gateway({
    clientId: fake.env.PHONEPE_CLIENT_ID,
    clientSecret: fake.env.PHONEPE_CLIENT_SECRET,
    clientVersion: fake.env.PHONEPE_CLIENT_VERSION,
    baseUrl: fake.baseURL,
    oauthBaseUrl: fake.baseURL,
    webhookUsername: fake.env.PHONEPE_WEBHOOK_USERNAME,
    webhookPassword: fake.env.PHONEPE_WEBHOOK_PASSWORD,
    ...extra,
  });

/** A log that drops everything, for services a test builds by hand. */
export const silentLog = { info: () => undefined, warn: () => undefined };

type AppOverrides = NonNullable<Parameters<typeof buildTestApp>[1]>;

/**
 * An object the describe block's beforeAll fills in and its afterAll closes, so tests read
 * its fields as if they had built it themselves.
 */
function perDescribe<T extends object>(open: () => Promise<T>, close: (value: T) => Promise<void>) {
  const value = {} as T;
  beforeAll(async () => {
    Object.assign(value, await open());
  });
  afterAll(() => close(value));
  return value;
}

/** A fresh, migrated database for the describe block. */
export const billingDatabase = (kind: DatabaseKind): Database =>
  perDescribe(
    () => createTestDatabase(kind),
    (database) => database.close(),
  );

/** The app on a fresh database for the describe block. */
export const billingApp = (kind: DatabaseKind, overrides: AppOverrides = {}): TestApp =>
  perDescribe(
    () => buildTestApp(kind, overrides),
    (t) => t.close(),
  );

export interface FakeGatewayApp<F> extends TestApp {
  fake: F;
}

/** A fake gateway started before the app and closed after it; `ready` runs once both are up. */
function withFakeGateway<F extends { close(): Promise<unknown> }>(
  kind: DatabaseKind,
  start: () => Promise<F>,
  overrides: (fake: F) => AppOverrides,
  ready: (t: TestApp, fake: F) => Promise<void> = async () => undefined,
): FakeGatewayApp<F> {
  return perDescribe(
    async () => {
      const fake = await start();
      const t = await buildTestApp(kind, overrides(fake));
      await ready(t, fake);
      return { ...t, fake };
    },
    async (t) => {
      await t.close();
      await t.fake.close();
    },
  );
}

/** The app paying through a fake PhonePe v1 (salt-key checksums). */
export const phonePeV1App = (kind: DatabaseKind, publicUrl: string) =>
  withFakeGateway(kind, startFakePhonePe, (phonepe: FakePhonePe) => ({
    env: {
      PUBLIC_URL: publicUrl,
      RATE_LIMIT_SCALE: '50',
      PAYMENT_GATEWAY: 'phonepe-v1',
      PHONEPE_MERCHANT_ID: phonepe.merchantId,
      PHONEPE_SALT_KEY: phonepe.saltKey,
      PHONEPE_SALT_INDEX: phonepe.saltIndex,
      PHONEPE_BASE_URL: phonepe.baseURL,
    },
  }));

/** The app paying through a fake PhonePe v2, listening so the fake can post its webhooks. */
export const phonePeV2App = (kind: DatabaseKind, publicUrl: string, clock: Clock) =>
  withFakeGateway(
    kind,
    () => startFakePhonePeV2(),
    (fake) => ({ clock, env: { ...v2Env(fake, publicUrl), TEST_CLOCK: 'true' } }),
    async (t, fake) => {
      const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
      fake.state.webhookUrl = `${url}/api/payment/callback`;
    },
  );
