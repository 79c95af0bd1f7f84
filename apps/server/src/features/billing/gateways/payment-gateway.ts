import {
  ERROR_CODES,
  type PaymentGatewayId,
  type PaymentStatus,
  paymentMessages,
  type RefundState,
} from '@grasp/contract';
import { AppError } from '../../../lib/errors.ts';

/** What we ask a gateway to collect; URLs are absolute, built from PUBLIC_URL. */
export interface PayRequest {
  merchantTransactionId: string;
  /** Our user id, in the characters PhonePe allows. */
  merchantUserId: string;
  amountPaise: number;
  /** Where the gateway sends the browser back to when the customer is done. */
  redirectUrl: string;
  /** Where the gateway reports the outcome, server to server. */
  callbackUrl: string;
}

/** A gateway's word on one transaction, already checked for authenticity. */
export interface GatewayReport {
  merchantTransactionId: string;
  status: PaymentStatus;
  /** The gateway's own response code, kept for the event log. */
  code: string;
  amountPaise: number | null;
  gatewayTransactionId: string | null;
  /** When the gateway gives up on a still-pending order (PhonePe v2's expireAt). */
  expiresAt?: Date | null;
}

/** A callback as it arrived: the raw JSON body and the headers that authenticate it. */
export interface IncomingCallback {
  body: unknown;
  xVerify: string | undefined;
  authorization?: string | undefined;
}

/**
 * What an authenticated PhonePe v2 webhook claims. Its state is a hint only: the service asks
 * the status API before anything changes (DESIGN.md §12).
 */
export type WebhookNotice =
  | {
      kind: 'order';
      event: string;
      merchantTransactionId: string;
      claimedState: string;
      /** How the payment's events name it: `webhook` (v2) unless the gateway says `callback`. */
      source?: 'webhook' | 'callback';
    }
  | { kind: 'refund'; event: string; merchantRefundId: string; claimedState: string }
  | { kind: 'other'; event: string };

export interface RefundRequest {
  merchantRefundId: string;
  merchantTransactionId: string;
  amountPaise: number;
}

/** A gateway's word on one refund. */
export interface RefundReport {
  merchantRefundId: string;
  state: RefundState;
  gatewayRefundId: string | null;
  amountPaise: number | null;
}

/** One interface per payment vendor (STYLE.md §5); chosen by PAYMENT_GATEWAY. */
export interface PaymentGateway {
  readonly id: PaymentGatewayId;
  /** Registers the payment with the gateway; answers the checkout page to send the browser to. */
  pay(request: PayRequest): Promise<{ redirectUrl: string }>;
  /** Asks the gateway where a transaction stands. */
  checkStatus(merchantTransactionId: string): Promise<GatewayReport>;
  /**
   * Checks a server-to-server callback's signature, then reads it; throws on forgery. PhonePe's
   * (v1 and v2) give only a notice to confirm through the status API; the sandbox, which is its
   * own status API, a verdict (a report).
   */
  verifyCallback(callback: IncomingCallback): GatewayReport | WebhookNotice;
  /** Full refunds, where the gateway has them. */
  refund?(request: RefundRequest): Promise<RefundReport>;
  refundStatus?(merchantRefundId: string): Promise<RefundReport>;
}

/** The gateway failed or answered something we cannot use; the customer may retry. */
export class GatewayError extends AppError {
  /**
   * `uncertain`: no answer came (a timeout, a dropped connection), so the gateway may have
   * acted on the request; the payment is left for reconciliation to settle.
   */
  constructor(
    readonly detail: string,
    readonly uncertain = false,
  ) {
    super(502, 'PAYMENT_GATEWAY_ERROR', paymentMessages.gatewayUnavailable);
  }
}

export const forgedCallback = () =>
  new AppError(401, ERROR_CODES.unauthorized, paymentMessages.invalidSignature);
export const malformedCallback = () =>
  new AppError(400, ERROR_CODES.validation, paymentMessages.malformedCallback);

const FINAL_CODES: ReadonlySet<string> = new Set<PaymentStatus>([
  'PAYMENT_SUCCESS',
  'PAYMENT_ERROR',
  'PAYMENT_DECLINED',
  'PAYMENT_CANCELLED',
  'TIMED_OUT',
]);

/**
 * PhonePe's response codes to our states. Codes such as INTERNAL_SERVER_ERROR or
 * TRANSACTION_NOT_FOUND say nothing about the money, so they leave the payment pending.
 */
export function statusFromCode(code: string): PaymentStatus {
  return FINAL_CODES.has(code) ? (code as PaymentStatus) : 'PAYMENT_PENDING';
}
