import { createHmac } from 'node:crypto';
import { type PaymentStatus, paymentCallbackBodySchema } from '@grasp/contract';
import { decodeBase64Json, encodeBase64Json, reportFrom, sameSecret } from './gateway-payload.ts';
import {
  forgedCallback,
  type GatewayReport,
  malformedCallback,
  type PaymentGateway,
} from './payment-gateway.ts';
import type { SandboxLedger, SandboxTransaction } from './sandbox-ledger.ts';

export const SANDBOX_MERCHANT_ID = 'GRASP_SANDBOX';
const KEY_INDEX = '1';

export const sandboxCheckoutPath = (merchantTransactionId: string) =>
  `/api/payment/sandbox/checkout/${merchantTransactionId}`;

/**
 * The sandbox's signing key, derived from a server secret so it is never a default and never
 * stored apart; HMAC rather than PhonePe's salted hash, since nothing outside has to match it.
 */
export function deriveSandboxKey(serverSecret: string): string {
  return createHmac('sha256', serverSecret).update('grasp/payments/sandbox-gateway').digest('hex');
}

export interface SignedCallback {
  body: { response: string };
  xVerify: string;
}

const MESSAGES: Record<PaymentStatus, string> = {
  PAYMENT_SUCCESS: 'Your payment is successful.',
  PAYMENT_PENDING: 'Your payment is in progress.',
  PAYMENT_ERROR: 'Payment Failed',
  PAYMENT_DECLINED: 'Payment declined',
  PAYMENT_CANCELLED: 'Payment cancelled by the customer',
  TIMED_OUT: 'Payment timed out',
};

/** The built-in test gateway: a checkout page on this server, signed callbacks, a status API. */
export function createSandboxGateway(deps: { ledger: SandboxLedger; key: string }) {
  const { ledger, key } = deps;
  const sign = (response: string) =>
    `${createHmac('sha256', key).update(response).digest('hex')}###${KEY_INDEX}`;

  /** The same body PhonePe sends: code, message and the transaction's data. */
  function payload(tx: SandboxTransaction) {
    const code = tx.outcome ?? 'PAYMENT_PENDING';
    return {
      success: code === 'PAYMENT_SUCCESS',
      code,
      message: MESSAGES[code],
      data: {
        merchantId: SANDBOX_MERCHANT_ID,
        merchantTransactionId: tx.merchantTransactionId,
        transactionId: tx.gatewayTransactionId,
        amount: tx.amountPaise,
        state: code === 'PAYMENT_SUCCESS' ? 'COMPLETED' : tx.outcome ? 'FAILED' : 'PENDING',
        responseCode: code === 'PAYMENT_SUCCESS' ? 'SUCCESS' : code,
      },
    };
  }

  const gateway: PaymentGateway = {
    id: 'sandbox',

    async pay(request) {
      await ledger.open(request);
      return { redirectUrl: sandboxCheckoutPath(request.merchantTransactionId) };
    },

    async checkStatus(merchantTransactionId): Promise<GatewayReport> {
      const tx = await ledger.find(merchantTransactionId);
      if (!tx) {
        return {
          merchantTransactionId,
          status: 'PAYMENT_PENDING',
          code: 'TRANSACTION_NOT_FOUND',
          amountPaise: null,
          gatewayTransactionId: null,
        };
      }
      const report = reportFrom(payload(tx), SANDBOX_MERCHANT_ID, merchantTransactionId);
      if (!report) throw new Error('sandbox produced an unreadable report');
      return report;
    },

    // Nothing moves in the sandbox: a refund completes at once.
    async refund(request) {
      return {
        merchantRefundId: request.merchantRefundId,
        state: 'COMPLETED',
        gatewayRefundId: `SBXR${request.merchantRefundId.slice(-12)}`,
        amountPaise: request.amountPaise,
      };
    },

    async refundStatus(merchantRefundId) {
      return { merchantRefundId, state: 'COMPLETED', gatewayRefundId: null, amountPaise: null };
    },

    verifyCallback({ body, xVerify }) {
      const parsed = paymentCallbackBodySchema.safeParse(body);
      if (!parsed.success) throw malformedCallback();
      const { response } = parsed.data;
      if (!xVerify || !sameSecret(xVerify, sign(response))) throw forgedCallback();
      const report = reportFrom(decodeBase64Json(response), SANDBOX_MERCHANT_ID);
      if (!report) throw malformedCallback();
      return report;
    },
  };

  return {
    gateway,
    ledger,
    /** The callback the sandbox sends once the customer has chosen. */
    signedCallback(tx: SandboxTransaction): SignedCallback {
      const response = encodeBase64Json(payload(tx));
      return { body: { response }, xVerify: sign(response) };
    },
  };
}
export type Sandbox = ReturnType<typeof createSandboxGateway>;
