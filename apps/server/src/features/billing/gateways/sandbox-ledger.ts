import { type PaymentStatus, paymentStatusSchema } from '@grasp/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../../db/types.ts';
import type { Clock } from '../../../lib/clock.ts';
import { isUniqueViolation } from '../../../lib/db-errors.ts';
import { addEvent, eventsOf } from '../payments.repository.ts';
import type { PayRequest } from './payment-gateway.ts';

/** The sandbox's own records, kept as payment events of source "sandbox". */
export const SANDBOX_SOURCE = 'sandbox';

export interface SandboxTransaction {
  merchantTransactionId: string;
  amountPaise: number;
  /** Path and query of the return address: the checkout is on this site, so stay on it. */
  returnPath: string;
  outcome: PaymentStatus | null;
  gatewayTransactionId: string | null;
}

const openedSchema = z.object({ amount: z.number().int(), returnPath: z.string() });
const settledSchema = z.object({ transactionId: z.string() });

// Fixed event ids: a second "settled" row is a unique violation, so a payment settles once.
const openedId = (id: string) => `sandbox:${id}:opened`;
const settledId = (id: string) => `sandbox:${id}:settled`;

function parseDetail<T>(schema: z.ZodType<T>, json: string | null): T | null {
  if (!json) return null;
  const parsed = schema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : null;
}

export function createSandboxLedger(deps: { db: Kysely<DB>; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async open(request: PayRequest): Promise<void> {
      const url = new URL(request.redirectUrl);
      await addEvent(db, {
        id: openedId(request.merchantTransactionId),
        merchantTransactionId: request.merchantTransactionId,
        state: 'PAYMENT_PENDING',
        source: SANDBOX_SOURCE,
        detail: { amount: request.amountPaise, returnPath: `${url.pathname}${url.search}` },
        at: clock.now(),
      });
    },

    async find(merchantTransactionId: string): Promise<SandboxTransaction | null> {
      const events = await eventsOf(db, merchantTransactionId, SANDBOX_SOURCE);
      const opened = events.find((e) => e.id === openedId(merchantTransactionId));
      const detail = parseDetail(openedSchema, opened?.detail_json ?? null);
      if (!detail) return null;
      const settled = events.find((e) => e.id === settledId(merchantTransactionId));
      const outcome = paymentStatusSchema.safeParse(settled?.state);
      return {
        merchantTransactionId,
        amountPaise: detail.amount,
        returnPath: detail.returnPath,
        outcome: outcome.success ? outcome.data : null,
        gatewayTransactionId:
          parseDetail(settledSchema, settled?.detail_json ?? null)?.transactionId ?? null,
      };
    },

    /** Records the customer's choice; false when the payment was already settled. */
    async settle(
      merchantTransactionId: string,
      outcome: PaymentStatus,
      gatewayTransactionId: string,
    ): Promise<boolean> {
      try {
        await addEvent(db, {
          id: settledId(merchantTransactionId),
          merchantTransactionId,
          state: outcome,
          source: SANDBOX_SOURCE,
          detail: { transactionId: gatewayTransactionId },
          at: clock.now(),
        });
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
  };
}
export type SandboxLedger = ReturnType<typeof createSandboxLedger>;
