import { paymentCallbackBodySchema } from '@grasp/contract';
import { z } from 'zod';
import { createGatewayHttp, type GatewayAnswer, type GatewayCall } from './gateway-http.ts';
import {
  decodeBase64Json,
  encodeBase64Json,
  reportFrom,
  sameSecret,
  sha256Hex,
} from './gateway-payload.ts';
import {
  forgedCallback,
  GatewayError,
  type GatewayReport,
  malformedCallback,
  type PaymentGateway,
  type PayRequest,
} from './payment-gateway.ts';

export interface PhonePeOptions {
  merchantId: string;
  saltKey: string;
  saltIndex: string;
  /** e.g. https://api.phonepe.com/apis/hermes, or the UAT host …/apis/pg-sandbox */
  baseUrl: string;
  timeoutMs?: number;
}

const PAY_PATH = '/pg/v1/pay';

const payResponseSchema = z.object({
  success: z.boolean(),
  code: z.string(),
  message: z.string().optional(),
  data: z
    .object({
      instrumentResponse: z
        .object({ redirectInfo: z.object({ url: z.url() }).optional() })
        .optional(),
    })
    .nullish(),
});

/** PhonePe PG "Standard Checkout" (pg/v1): checksum-signed pay, status check and callbacks. */
export function createPhonePeGateway(options: PhonePeOptions): PaymentGateway {
  const { merchantId, saltKey, saltIndex } = options;
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  // X-VERIFY: SHA-256 of the signed text and the salt key, then "###" and the key's index.
  const xVerify = (signed: string) => `${sha256Hex(signed + saltKey)}###${saltIndex}`;

  const http = createGatewayHttp(timeoutMs);

  async function call(path: string, init: GatewayCall): Promise<{ ok: boolean; body: unknown }> {
    let response: GatewayAnswer;
    try {
      response = await http(`${base}${path}`, init);
    } catch (error) {
      throw new GatewayError(`PhonePe unreachable: ${String(error)}`);
    }
    if (response.body === null) {
      throw new GatewayError(`PhonePe answered HTTP ${response.status} without JSON`);
    }
    return response;
  }

  return {
    id: 'phonepe-v1',

    async pay(request: PayRequest) {
      const payload = encodeBase64Json({
        merchantId,
        merchantTransactionId: request.merchantTransactionId,
        merchantUserId: request.merchantUserId,
        amount: request.amountPaise,
        redirectUrl: request.redirectUrl,
        redirectMode: 'REDIRECT',
        callbackUrl: request.callbackUrl,
        paymentInstrument: { type: 'PAY_PAGE' },
      });
      const { body } = await call(PAY_PATH, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'X-VERIFY': xVerify(payload + PAY_PATH),
        },
        body: JSON.stringify({ request: payload }),
      });
      const parsed = payResponseSchema.safeParse(body);
      const url = parsed.data?.data?.instrumentResponse?.redirectInfo?.url;
      if (!parsed.success || !parsed.data.success || !url) {
        throw new GatewayError(`PhonePe refused the payment: ${parsed.data?.code ?? 'bad body'}`);
      }
      return { redirectUrl: url };
    },

    async checkStatus(merchantTransactionId: string): Promise<GatewayReport> {
      const path = `/pg/v1/status/${merchantId}/${merchantTransactionId}`;
      const { ok, body } = await call(path, {
        method: 'GET',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'X-VERIFY': xVerify(path),
          'X-MERCHANT-ID': merchantId,
        },
      });
      // A refused check (bad checksum, unknown merchant) is our problem, not the payment's.
      if (!ok) throw new GatewayError(`PhonePe refused the status check: ${JSON.stringify(body)}`);
      const report = reportFrom(body, merchantId, merchantTransactionId);
      if (!report) throw new GatewayError('PhonePe status answer did not match the transaction');
      return report;
    },

    verifyCallback({ body, xVerify: given }) {
      const parsed = paymentCallbackBodySchema.safeParse(body);
      if (!parsed.success) throw malformedCallback();
      const { response } = parsed.data;
      // Nothing in the body is read before its checksum holds.
      if (!given || !sameSecret(given, xVerify(response))) throw forgedCallback();
      const report = reportFrom(decodeBase64Json(response), merchantId);
      if (!report) throw malformedCallback();
      // The salt key signs for whoever holds it: the status API decides, as for v2 webhooks.
      return {
        kind: 'order',
        event: 'phonepe-v1.callback',
        merchantTransactionId: report.merchantTransactionId,
        claimedState: report.status,
        source: 'callback',
      };
    },
  };
}
