import { randomBytes } from 'node:crypto';
import { type PaymentStatus, paymentStatusParamsSchema } from '@grasp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type Sandbox,
  type SignedCallback,
  sandboxCheckoutPath,
} from './gateways/sandbox-gateway.ts';
import { checkoutPage, messagePage } from './sandbox-checkout-page.ts';

const OUTCOMES = {
  pay: 'PAYMENT_SUCCESS',
  fail: 'PAYMENT_ERROR',
  cancel: 'PAYMENT_CANCELLED',
} as const;
const outcomeSchema = z.object({ outcome: z.enum(['pay', 'fail', 'cancel']) });
const schema = { tags: ['payments (sandbox)'], params: paymentStatusParamsSchema };

/** Delivers a signed callback to our own callback route, as the gateway's server would. */
export type CallbackSender = (callback: SignedCallback) => Promise<number>;

/**
 * The sandbox gateway's hosted checkout. Its callback goes through the real callback route (and
 * its signature check) in-process rather than over PUBLIC_URL, which a server behind a proxy
 * cannot always reach; the status check covers a lost callback either way.
 */
export const sandboxCheckoutRoutes =
  (sandbox: Sandbox, send?: CallbackSender): FastifyPluginAsyncZod =>
  async (app) => {
    const deliver: CallbackSender =
      send ??
      (async ({ body, xVerify }) => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/payment/callback',
          headers: { 'content-type': 'application/json', 'x-verify': xVerify },
          payload: body,
        });
        return res.statusCode;
      });

    // The checkout's form posts url-encoded fields; only this plugin accepts them.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    const unknown = () =>
      messagePage('Unknown payment', 'This test checkout does not know that transaction.', {
        href: '/pricing',
        label: 'Back to pricing',
      });

    app.get(
      '/api/payment/sandbox/checkout/:transactionId',
      { schema, config: { rateLimit: app.limit(60, '1 minute') } },
      async (request, reply) => {
        const id = request.params.transactionId;
        const tx = await sandbox.ledger.find(id);
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
        if (!tx) return reply.status(404).send(unknown());
        if (tx.outcome) {
          return reply.send(
            messagePage('Already completed', 'This test payment has already been completed.', {
              href: tx.returnPath,
              label: 'See the payment status',
            }),
          );
        }
        return reply.send(checkoutPage(tx, sandboxCheckoutPath(id)));
      },
    );

    app.post(
      '/api/payment/sandbox/checkout/:transactionId',
      {
        schema: { ...schema, body: outcomeSchema },
        config: { rateLimit: app.limit(30, '1 minute') },
      },
      async (request, reply) => {
        const id = request.params.transactionId;
        const tx = await sandbox.ledger.find(id);
        if (!tx) return reply.status(404).type('text/html; charset=utf-8').send(unknown());
        const outcome: PaymentStatus = OUTCOMES[request.body.outcome];
        const gatewayTransactionId = `SBX${randomBytes(10).toString('hex').toUpperCase()}`;
        // A second click (or a replayed form) finds the payment settled and changes nothing.
        if (await sandbox.ledger.settle(id, outcome, gatewayTransactionId)) {
          const settled = { ...tx, outcome, gatewayTransactionId };
          const status = await deliver(sandbox.signedCallback(settled)).catch(() => 0);
          if (status !== 200) request.log.warn({ id, status }, 'sandbox callback not accepted');
        }
        return reply.redirect(tx.returnPath, 303);
      },
    );
  };
