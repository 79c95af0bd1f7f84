import { z } from 'zod';
import { INDIAN_STATE_CODES } from './indian-states.ts';
import { PRO_PAYMENT } from './plans.ts';

/** `phonepe` is PG Standard Checkout v2 (OAuth); `phonepe-v1` the older salt-key API. */
export const PAYMENT_GATEWAYS = ['sandbox', 'phonepe', 'phonepe-v1'] as const;
export type PaymentGatewayId = (typeof PAYMENT_GATEWAYS)[number];

/**
 * What a payment status check answers (PhonePe's response codes). PAYMENT_PENDING is the only
 * state that may still change; the others are final.
 */
export const PAYMENT_STATUSES = [
  'PAYMENT_SUCCESS',
  'PAYMENT_PENDING',
  'PAYMENT_ERROR',
  'PAYMENT_DECLINED',
  'PAYMENT_CANCELLED',
  'TIMED_OUT',
] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** Transaction ids are ours; PhonePe allows under 35 letters, digits, "_" and "-". */
export const MERCHANT_TRANSACTION_ID_PATTERN = /^[A-Za-z0-9_-]{1,34}$/;

export const paymentMessages = {
  initiated: 'Redirecting you to the payment page.',
  success: 'Your payment was received. Your Pro plan is active now.',
  pending: 'Your payment is still being processed. This can take a minute.',
  failed: 'Your payment did not go through. No Pro plan was started.',
  cancelled: 'You cancelled the payment. Nothing was charged.',
  amountMismatch: `amount: must be ${PRO_PAYMENT.amountPaise} (paise) for the Pro plan`,
  unknownProduct: `productId: must be ${PRO_PAYMENT.productId}`,
  notYourAccount: 'userId: you may only pay for your own account',
  alreadyIncluded: 'Your plan already includes everything in Pro.',
  gatewayUnavailable: 'The payment provider could not be reached. Please try again.',
  invalidSignature: 'The callback signature is not valid',
  malformedCallback: 'The callback body is not valid',
} as const;

export const initiatePaymentRequestSchema = z.object({
  amount: z
    .number()
    .int()
    .describe('Paise; the server sets the price, so any other value than the plan’s is refused'),
  userId: z.string().min(1).max(100).describe('The caller’s own user id'),
  redirectUrl: z
    .string()
    .max(2048)
    .describe(
      'Accepted for compatibility; the gateway always returns to this site’s /payment-status',
    ),
  productId: z.string().max(50).optional().describe(`Only ${PRO_PAYMENT.productId} is sold`),
  buyerState: z
    .enum(INDIAN_STATE_CODES)
    .optional()
    .describe('The buyer’s state (two-digit GST code) for the tax invoice; unknown means IGST'),
});
export type InitiatePaymentRequest = z.infer<typeof initiatePaymentRequestSchema>;

export const initiatePaymentResponseSchema = z.object({
  success: z.literal(true),
  redirectUrl: z.string().describe('The gateway’s checkout page; send the browser there'),
  message: z.string(),
  merchantTransactionId: z.string(),
});
export type InitiatePaymentResponse = z.infer<typeof initiatePaymentResponseSchema>;

export const paymentStatusParamsSchema = z.object({
  transactionId: z.string().regex(MERCHANT_TRANSACTION_ID_PATTERN, 'is not a transaction id'),
});

export const paymentStatusResponseSchema = z.object({
  success: z.boolean().describe('True only for PAYMENT_SUCCESS'),
  status: paymentStatusSchema,
  message: z.string(),
  data: z.object({
    merchantTransactionId: z.string(),
    amount: z.number().int().describe('Paise'),
    productId: z.string(),
    plan: z.string().describe('The caller’s plan after this payment was applied'),
  }),
});
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponseSchema>;

/** The gateway's server-to-server callback: base64 JSON, signed in the X-VERIFY header. */
export const paymentCallbackBodySchema = z.object({ response: z.string().min(1).max(20_000) });
export type PaymentCallbackBody = z.infer<typeof paymentCallbackBodySchema>;

export const paymentCallbackResponseSchema = z.object({ success: z.literal(true) });

/** Public settings the pricing page shows: which checkout the pay button opens, whom to call. */
export const billingConfigResponseSchema = z.object({
  gateway: z.enum(PAYMENT_GATEWAYS),
  supportEmail: z.string(),
  supportPhone: z.string(),
});
export type BillingConfigResponse = z.infer<typeof billingConfigResponseSchema>;
