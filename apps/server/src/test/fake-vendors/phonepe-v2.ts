import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** PhonePe's UAT base path; the OAuth endpoint lives under it too in sandbox. */
const BASE_PATH = '/apis/pg-sandbox';
const ID_PATTERN = /^[A-Za-z0-9_-]{1,63}$/;

export interface FakePhonePeV2Options {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  clientVersion?: string;
  webhookUsername?: string;
  webhookPassword?: string;
  /** Where webhooks go (our /api/payment/callback); none are sent while unset. */
  webhookUrl?: string;
  tokenLifetimeSeconds?: number;
  /** Added to every API answer, as PhonePe's own time (the bench subtracts it). */
  latencyMs?: number;
}

interface FakeOrder {
  merchantOrderId: string;
  orderId: string;
  amount: number;
  state: 'PENDING' | 'COMPLETED' | 'FAILED';
  expireAt: number;
  redirectUrl: string;
  transactionId: string | null;
  errorCode: string | null;
}

interface FakeRefund {
  merchantRefundId: string;
  refundId: string;
  originalMerchantOrderId: string;
  amount: number;
  state: 'PENDING' | 'CONFIRMED' | 'COMPLETED' | 'FAILED';
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const newId = (prefix: string) => `${prefix}${randomBytes(8).toString('hex').toUpperCase()}`;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * A local PhonePe PG Standard Checkout v2: the OAuth token endpoint (tokens expire), pay, order
 * status, refund and refund status behind `Authorization: O-Bearer <token>`, a checkout page the
 * browser is sent to, and webhooks authenticated with SHA256(username:password).
 * `POST /__fake/settle` and `/__fake/expire-tokens` let a test in another process steer it.
 */
export async function startFakePhonePeV2(options: FakePhonePeV2Options = {}) {
  const clientId = options.clientId ?? 'GRASPUAT_2501011200';
  const clientSecret = options.clientSecret ?? 'fake-client-secret-7d1e';
  const clientVersion = options.clientVersion ?? '1';
  const webhookUsername = options.webhookUsername ?? 'grasp_webhook';
  const webhookPassword = options.webhookPassword ?? 'hook2pass9word';
  const orders = new Map<string, FakeOrder>();
  const refunds = new Map<string, FakeRefund>();
  const validTokens = new Map<string, number>();
  const state = {
    tokenRequests: 0,
    webhookUrl: options.webhookUrl ?? null,
    tokenLifetimeSeconds: options.tokenLifetimeSeconds ?? 3600,
    latencyMs: options.latencyMs ?? 0,
    down: false,
    /** The outcome a new refund takes at once; PENDING waits for completeRefund. */
    refundOutcome: 'PENDING' as FakeRefund['state'],
    webhooksSent: [] as { event: string; status: number }[],
  };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, code: string, message: string) =>
    json(res, status, { success: false, code, message });

  function orderPayload(order: FakeOrder) {
    return {
      merchantId: 'GRASPUAT',
      merchantOrderId: order.merchantOrderId,
      orderId: order.orderId,
      state: order.state,
      amount: order.amount,
      expireAt: order.expireAt,
      ...(order.errorCode
        ? { errorCode: order.errorCode, detailedErrorCode: order.errorCode }
        : {}),
      paymentDetails: order.transactionId
        ? [
            {
              paymentMode: 'UPI_QR',
              transactionId: order.transactionId,
              timestamp: Date.now(),
              amount: order.amount,
              state: order.state,
            },
          ]
        : [],
    };
  }

  function refundPayload(refund: FakeRefund) {
    return {
      merchantId: 'GRASPUAT',
      merchantRefundId: refund.merchantRefundId,
      refundId: refund.refundId,
      originalMerchantOrderId: refund.originalMerchantOrderId,
      amount: refund.amount,
      state: refund.state,
      timestamp: Date.now(),
    };
  }

  async function sendWebhook(event: string, payload: unknown, authorization?: string) {
    if (!state.webhookUrl) return 0;
    const response = await fetch(state.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: authorization ?? sha256(`${webhookUsername}:${webhookPassword}`),
      },
      body: JSON.stringify({ event, payload }),
    });
    state.webhooksSent.push({ event, status: response.status });
    return response.status;
  }

  function settle(merchantOrderId: string, next: 'COMPLETED' | 'FAILED', amount?: number) {
    const order = orders.get(merchantOrderId);
    if (!order) throw new Error(`fake PhonePe knows no ${merchantOrderId}`);
    order.state = next;
    order.transactionId = newId('OM');
    if (next === 'FAILED') order.errorCode = 'PAYMENT_DECLINED';
    if (amount !== undefined) order.amount = amount;
    return order;
  }

  const notifyOrder = (order: FakeOrder) =>
    sendWebhook(
      order.state === 'COMPLETED' ? 'checkout.order.completed' : 'checkout.order.failed',
      orderPayload(order),
    );

  function completeRefund(merchantRefundId: string, next: 'COMPLETED' | 'FAILED' = 'COMPLETED') {
    const refund = refunds.get(merchantRefundId);
    if (!refund) throw new Error(`fake PhonePe knows no refund ${merchantRefundId}`);
    refund.state = next;
    return refund;
  }
  const notifyRefund = (refund: FakeRefund) =>
    sendWebhook(
      refund.state === 'COMPLETED' ? 'pg.refund.completed' : 'pg.refund.failed',
      refundPayload(refund),
    );

  function authorized(req: IncomingMessage): boolean {
    const [type, token = ''] = (req.headers.authorization ?? '').split(' ');
    const expiresAt = validTokens.get(token);
    return type === 'O-Bearer' && expiresAt !== undefined && expiresAt > Date.now() / 1000;
  }

  function issueToken(res: ServerResponse, text: string) {
    state.tokenRequests += 1;
    const form = new URLSearchParams(text);
    if (
      form.get('client_id') !== clientId ||
      form.get('client_secret') !== clientSecret ||
      form.get('client_version') !== clientVersion ||
      form.get('grant_type') !== 'client_credentials'
    ) {
      return error(res, 401, 'AUTHORIZATION_FAILED', 'Invalid client credentials');
    }
    const issuedAt = Math.floor(Date.now() / 1000);
    const expiresAt = issuedAt + state.tokenLifetimeSeconds;
    const token = `fake.${randomBytes(16).toString('hex')}`;
    validTokens.set(token, expiresAt);
    return json(res, 200, {
      access_token: token,
      encrypted_access_token: token,
      expires_in: null,
      issued_at: issuedAt,
      expires_at: expiresAt,
      session_expires_at: expiresAt,
      token_type: 'O-Bearer',
    });
  }

  function pay(res: ServerResponse, body: Record<string, unknown> | null, origin: string) {
    const id = String(body?.merchantOrderId ?? '');
    const flow = body?.paymentFlow as
      | { type?: unknown; merchantUrls?: { redirectUrl?: unknown } }
      | undefined;
    const redirectUrl = flow?.merchantUrls?.redirectUrl;
    if (
      !ID_PATTERN.test(id) ||
      !Number.isInteger(body?.amount) ||
      Number(body?.amount) < 100 ||
      flow?.type !== 'PG_CHECKOUT' ||
      typeof redirectUrl !== 'string'
    ) {
      return error(res, 400, 'BAD_REQUEST', 'Invalid request');
    }
    if (orders.has(id)) return error(res, 409, 'DUPLICATE_ORDER', 'Order already exists');
    const expireAfter = Number(body?.expireAfter ?? 1200);
    const order: FakeOrder = {
      merchantOrderId: id,
      orderId: newId('OMO'),
      amount: Number(body?.amount),
      state: 'PENDING',
      expireAt: Date.now() + expireAfter * 1000,
      redirectUrl,
      transactionId: null,
      errorCode: null,
    };
    orders.set(id, order);
    return json(res, 200, {
      orderId: order.orderId,
      state: 'PENDING',
      expireAt: order.expireAt,
      redirectUrl: `${origin}/checkout-page/${id}`,
    });
  }

  function refund(res: ServerResponse, body: Record<string, unknown> | null) {
    const merchantRefundId = String(body?.merchantRefundId ?? '');
    const order = orders.get(String(body?.originalMerchantOrderId ?? ''));
    if (!ID_PATTERN.test(merchantRefundId) || !order || !Number.isInteger(body?.amount)) {
      return error(res, 400, 'BAD_REQUEST', 'Invalid request');
    }
    if (refunds.has(merchantRefundId)) return error(res, 409, 'DUPLICATE_REFUND', 'Refund exists');
    if (order.state !== 'COMPLETED' || Number(body?.amount) > order.amount) {
      return error(res, 400, 'INVALID_REFUND', 'Order is not refundable');
    }
    const created: FakeRefund = {
      merchantRefundId,
      refundId: newId('OMR'),
      originalMerchantOrderId: order.merchantOrderId,
      amount: Number(body?.amount),
      state: state.refundOutcome,
    };
    refunds.set(merchantRefundId, created);
    return json(res, 200, {
      refundId: created.refundId,
      amount: created.amount,
      state: created.state,
    });
  }

  const checkoutPage = (id: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>PhonePe (fake)</title><meta name="viewport" content="width=device-width"></head><body>
<h1>PhonePe test checkout</h1><p>Order ${id}</p>
<form method="post"><button name="outcome" value="pay">Pay with PhonePe</button>
<button name="outcome" value="fail">Decline</button></form></body></html>`;

  async function route(req: IncomingMessage, res: ServerResponse) {
    const text = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake.local');
    const origin = `http://${req.headers.host ?? '127.0.0.1'}`;
    const page = /^\/checkout-page\/([A-Za-z0-9_-]+)$/.exec(url.pathname);
    if (page?.[1]) {
      const order = orders.get(page[1]);
      if (!order) return error(res, 404, 'NOT_FOUND', 'No such order');
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html' }).end(checkoutPage(page[1]));
        return;
      }
      const outcome = new URLSearchParams(text).get('outcome');
      if (order.state === 'PENDING') {
        await notifyOrder(
          settle(order.merchantOrderId, outcome === 'pay' ? 'COMPLETED' : 'FAILED'),
        );
      }
      res.writeHead(303, { location: order.redirectUrl }).end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/__fake/settle') {
      const body = parseJson(text);
      const order = settle(
        String(body?.merchantOrderId),
        body?.state === 'FAILED' ? 'FAILED' : 'COMPLETED',
      );
      if (body?.notify === true) await notifyOrder(order);
      return json(res, 200, orderPayload(order));
    }
    if (req.method === 'POST' && url.pathname === '/__fake/expire-tokens') {
      validTokens.clear();
      return json(res, 200, { ok: true });
    }
    if (state.latencyMs > 0) await new Promise((r) => setTimeout(r, state.latencyMs));
    if (state.down) {
      res.writeHead(503, { 'content-type': 'text/html' }).end('<h1>Service Unavailable</h1>');
      return;
    }
    const path = url.pathname.startsWith(BASE_PATH) ? url.pathname.slice(BASE_PATH.length) : '';
    if (req.method === 'POST' && path === '/v1/oauth/token') return issueToken(res, text);
    if (!authorized(req)) return error(res, 401, 'UNAUTHORIZED', 'Token is missing or expired');
    const statusPath = /^\/checkout\/v2\/order\/([^/]+)\/status$/.exec(path);
    const refundPath = /^\/payments\/v2\/refund\/([^/]+)\/status$/.exec(path);
    if (req.method === 'POST' && path === '/checkout/v2/pay')
      return pay(res, parseJson(text), origin);
    if (req.method === 'GET' && statusPath?.[1]) {
      const order = orders.get(decodeURIComponent(statusPath[1]));
      return order
        ? json(res, 200, orderPayload(order))
        : error(res, 404, 'ORDER_NOT_FOUND', 'No order found');
    }
    if (req.method === 'POST' && path === '/payments/v2/refund')
      return refund(res, parseJson(text));
    if (req.method === 'GET' && refundPath?.[1]) {
      const found = refunds.get(decodeURIComponent(refundPath[1]));
      return found
        ? json(res, 200, refundPayload(found))
        : error(res, 404, 'REFUND_NOT_FOUND', 'No refund found');
    }
    return error(res, 404, 'NOT_FOUND', 'Not found');
  }

  const server = createServer((req, res) => {
    route(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    state,
    /** What to put in PHONEPE_BASE_URL. */
    baseURL: `http://127.0.0.1:${port}${BASE_PATH}`,
    origin: `http://127.0.0.1:${port}`,
    env: {
      PHONEPE_CLIENT_ID: clientId,
      PHONEPE_CLIENT_SECRET: clientSecret,
      PHONEPE_CLIENT_VERSION: clientVersion,
      PHONEPE_ENV: 'sandbox',
      PHONEPE_BASE_URL: `http://127.0.0.1:${port}${BASE_PATH}`,
      PHONEPE_WEBHOOK_USERNAME: webhookUsername,
      PHONEPE_WEBHOOK_PASSWORD: webhookPassword,
    },
    webhookAuthorization: sha256(`${webhookUsername}:${webhookPassword}`),
    order: (id: string) => orders.get(id),
    orderPayload: (id: string) => {
      const order = orders.get(id);
      return order ? orderPayload(order) : undefined;
    },
    refunds: () => [...refunds.values()],
    settle,
    /** The customer paid (or not) on PhonePe's page; PhonePe then sends its webhook. */
    async finish(id: string, next: 'COMPLETED' | 'FAILED' = 'COMPLETED', amount?: number) {
      return notifyOrder(settle(id, next, amount));
    },
    completeRefund,
    async finishRefund(merchantRefundId: string, next: 'COMPLETED' | 'FAILED' = 'COMPLETED') {
      return notifyRefund(completeRefund(merchantRefundId, next));
    },
    sendWebhook,
    /** Every token issued so far stops working, as if it had expired at PhonePe. */
    expireTokens: () => validTokens.clear(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakePhonePeV2 = Awaited<ReturnType<typeof startFakePhonePeV2>>;
