import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { type GatewayReport, malformedCallback, statusFromCode } from './payment-gateway.ts';

/**
 * The transaction body PhonePe answers status checks with and sends, base64-encoded, in its
 * callbacks; the sandbox speaks the same. Unknown fields are ignored, as PhonePe asks.
 */
export const transactionPayloadSchema = z.object({
  success: z.boolean(),
  code: z.string().min(1),
  message: z.string().optional(),
  data: z
    .object({
      merchantId: z.string().optional(),
      merchantTransactionId: z.string().optional(),
      transactionId: z.string().nullish(),
      amount: z.number().int().nullish(),
      state: z.string().nullish(),
      responseCode: z.string().nullish(),
    })
    .nullish(),
});
export type TransactionPayload = z.infer<typeof transactionPayloadSchema>;

export const sha256Hex = (value: string): string =>
  createHash('sha256').update(value).digest('hex');

/** Constant-time comparison, so a forger learns nothing from response times. */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function decodeBase64Json(encoded: string): unknown {
  try {
    return JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as unknown;
  } catch {
    throw malformedCallback();
  }
}

export const encodeBase64Json = (value: unknown): string =>
  Buffer.from(JSON.stringify(value)).toString('base64');

/**
 * Reads a transaction body into a report. The merchant id must be ours, so a body signed for
 * another merchant with a shared key is not taken as ours.
 */
export function reportFrom(
  raw: unknown,
  merchantId: string,
  expectedTransactionId?: string,
): GatewayReport | null {
  const parsed = transactionPayloadSchema.safeParse(raw);
  if (!parsed.success) return null;
  const { code, data } = parsed.data;
  if (data?.merchantId !== undefined && data.merchantId !== merchantId) return null;
  const merchantTransactionId = data?.merchantTransactionId ?? expectedTransactionId;
  if (!merchantTransactionId) return null;
  if (expectedTransactionId && merchantTransactionId !== expectedTransactionId) return null;
  return {
    merchantTransactionId,
    status: statusFromCode(code),
    code,
    amountPaise: data?.amount ?? null,
    gatewayTransactionId: data?.transactionId ?? null,
  };
}
