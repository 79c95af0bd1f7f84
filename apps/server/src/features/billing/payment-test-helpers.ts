import { PRO_PAYMENT } from '@grasp/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { signedInUser } from '../../test/auth-helpers.ts';
import { TEST_SECRETS } from '../../test/build-test-app.ts';
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
