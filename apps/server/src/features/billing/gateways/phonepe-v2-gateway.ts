import type { PaymentStatus, RefundState } from '@grasp/contract';
import { z } from 'zod';
import { createGatewayHttp, type GatewayAnswer } from './gateway-http.ts';
import { sameSecret, sha256Hex } from './gateway-payload.ts';
import {
  forgedCallback,
  GatewayError,
  type GatewayReport,
  malformedCallback,
  type PaymentGateway,
  type RefundReport,
  type WebhookNotice,
} from './payment-gateway.ts';
import { createTokenSource } from './phonepe-token.ts';

export interface PhonePeV2Options {
  clientId: string;
  clientSecret: string;
  clientVersion: string;
  /** Base of the PG APIs (…/apis/pg or …/apis/pg-sandbox). */
  baseUrl: string;
  /** Base of the OAuth API (…/apis/identity-manager in production; the PG base in sandbox). */
  oauthBaseUrl: string;
  webhookUsername: string;
  webhookPassword: string;
  timeoutMs?: number;
  /** How long PhonePe keeps the checkout open, in seconds. */
  expireAfterSeconds?: number;
  now?: () => number;
}

const payResponseSchema = z.object({
  orderId: z.string(),
  state: z.string(),
  expireAt: z.number().optional(),
  redirectUrl: z.url(),
});

const orderStatusSchema = z.object({
  orderId: z.string().optional(),
  state: z.string(),
  amount: z.number().int().nullish(),
  expireAt: z.number().nullish(),
  errorCode: z.string().nullish(),
  paymentDetails: z
    .array(z.object({ transactionId: z.string().nullish(), state: z.string().nullish() }))
    .nullish(),
});

const refundSchema = z.object({
  refundId: z.string().nullish(),
  merchantRefundId: z.string().optional(),
  amount: z.number().int().nullish(),
  state: z.string(),
});

const webhookSchema = z.object({
  event: z.string().min(1),
  payload: z
    .object({
      merchantOrderId: z.string().optional(),
      originalMerchantOrderId: z.string().optional(),
      merchantRefundId: z.string().optional(),
      state: z.string().optional(),
    })
    .passthrough(),
});

const NOT_FOUND = Symbol('not found');

function paymentStatus(state: string, errorCode: string | null | undefined): PaymentStatus {
  if (state === 'COMPLETED') return 'PAYMENT_SUCCESS';
  if (state === 'FAILED') return errorCode?.includes('EXPIRED') ? 'TIMED_OUT' : 'PAYMENT_ERROR';
  return 'PAYMENT_PENDING';
}

/** CONFIRMED means PhonePe accepted the refund; the money moves at COMPLETED. */
function refundState(state: string): RefundState {
  if (state === 'COMPLETED') return 'COMPLETED';
  if (state === 'FAILED') return 'FAILED';
  return 'PENDING';
}

/**
 * PhonePe PG Standard Checkout v2 over its REST API (the official pg-sdk-node cannot be pointed
 * at another host, keeps one client per process and pulls in axios; see README): an O-Bearer
 * token from the OAuth endpoint, pay, order status, refunds and SHA256(username:password)
 * webhooks.
 */
export function createPhonePeV2Gateway(options: PhonePeV2Options): PaymentGateway {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const call = createGatewayHttp(timeoutMs);
  const tokens = createTokenSource({
    url: `${options.oauthBaseUrl.replace(/\/+$/, '')}/v1/oauth/token`,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    clientVersion: options.clientVersion,
    http: call,
    ...(options.now ? { now: options.now } : {}),
  });
  const webhookAuthorization = sha256Hex(`${options.webhookUsername}:${options.webhookPassword}`);

  async function send(
    path: string,
    init: { method: 'GET' | 'POST'; body?: unknown },
    retried = false,
  ): Promise<unknown> {
    const authorization = await tokens.authorization();
    let response: GatewayAnswer;
    try {
      response = await call(`${base}${path}`, {
        method: init.method,
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          Authorization: authorization,
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
    } catch (error) {
      throw new GatewayError(`PhonePe unreachable: ${String(error)}`, true);
    }
    // A token PhonePe no longer takes (expired early, rotated): fetch a new one, once.
    if (response.status === 401 && !retried) {
      tokens.forget(authorization);
      return send(path, init, true);
    }
    const { body } = response;
    if (response.status === 404 && init.method === 'GET') return NOT_FOUND;
    if (!response.ok) {
      throw new GatewayError(`PhonePe answered HTTP ${response.status}: ${JSON.stringify(body)}`);
    }
    return body;
  }

  function refundReport(merchantRefundId: string, raw: unknown): RefundReport {
    const parsed = refundSchema.safeParse(raw);
    if (!parsed.success) throw new GatewayError('PhonePe refund answer is not readable');
    return {
      merchantRefundId,
      state: refundState(parsed.data.state),
      gatewayRefundId: parsed.data.refundId ?? null,
      amountPaise: parsed.data.amount ?? null,
    };
  }

  return {
    id: 'phonepe',

    async pay(request) {
      const body = await send('/checkout/v2/pay', {
        method: 'POST',
        body: {
          merchantOrderId: request.merchantTransactionId,
          amount: request.amountPaise,
          expireAfter: options.expireAfterSeconds ?? 1200,
          metaInfo: { udf1: request.merchantUserId },
          paymentFlow: {
            type: 'PG_CHECKOUT',
            message: 'Grasp Pro plan',
            merchantUrls: { redirectUrl: request.redirectUrl },
          },
        },
      });
      const parsed = payResponseSchema.safeParse(body);
      if (!parsed.success) throw new GatewayError('PhonePe pay answer is not readable');
      return { redirectUrl: parsed.data.redirectUrl };
    },

    async checkStatus(merchantTransactionId): Promise<GatewayReport> {
      const body = await send(
        `/checkout/v2/order/${encodeURIComponent(merchantTransactionId)}/status?details=false`,
        { method: 'GET' },
      );
      if (body === NOT_FOUND) {
        // PhonePe never registered it (the pay call failed on the way): pending until it expires.
        return {
          merchantTransactionId,
          status: 'PAYMENT_PENDING',
          code: 'ORDER_NOT_FOUND',
          amountPaise: null,
          gatewayTransactionId: null,
          expiresAt: null,
        };
      }
      const parsed = orderStatusSchema.safeParse(body);
      if (!parsed.success) throw new GatewayError('PhonePe status answer is not readable');
      const { state, amount, expireAt, errorCode, paymentDetails } = parsed.data;
      const paid = paymentDetails?.find((p) => p.state === 'COMPLETED') ?? paymentDetails?.at(-1);
      return {
        merchantTransactionId,
        status: paymentStatus(state, errorCode),
        code: errorCode ? `${state}:${errorCode}` : state,
        amountPaise: amount ?? null,
        gatewayTransactionId: paid?.transactionId ?? parsed.data.orderId ?? null,
        expiresAt: expireAt ? new Date(expireAt) : null,
      };
    },

    async refund(request) {
      const body = await send('/payments/v2/refund', {
        method: 'POST',
        body: {
          merchantRefundId: request.merchantRefundId,
          originalMerchantOrderId: request.merchantTransactionId,
          amount: request.amountPaise,
        },
      });
      return refundReport(request.merchantRefundId, body);
    },

    async refundStatus(merchantRefundId) {
      const body = await send(
        `/payments/v2/refund/${encodeURIComponent(merchantRefundId)}/status`,
        {
          method: 'GET',
        },
      );
      return refundReport(merchantRefundId, body);
    },

    verifyCallback({ body, authorization }): WebhookNotice {
      // Nothing in the body is read before the header holds.
      const given = authorization?.trim().toLowerCase() ?? '';
      if (!given || !sameSecret(given, webhookAuthorization)) throw forgedCallback();
      const parsed = webhookSchema.safeParse(body);
      if (!parsed.success) throw malformedCallback();
      const { event, payload } = parsed.data;
      const claimedState = payload.state ?? '';
      if (event.startsWith('checkout.order.') && payload.merchantOrderId) {
        return {
          kind: 'order',
          event,
          merchantTransactionId: payload.merchantOrderId,
          claimedState,
        };
      }
      if (event.startsWith('pg.refund.') && payload.merchantRefundId) {
        return { kind: 'refund', event, merchantRefundId: payload.merchantRefundId, claimedState };
      }
      return { kind: 'other', event };
    },
  };
}
