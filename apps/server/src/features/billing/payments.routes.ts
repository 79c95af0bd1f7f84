import {
  billingConfigResponseSchema,
  errorBodySchema,
  initiatePaymentRequestSchema,
  initiatePaymentResponseSchema,
  paymentCallbackResponseSchema,
  paymentStatusParamsSchema,
  paymentStatusResponseSchema,
} from '@grasp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAuth } from '../../plugins/authenticate.ts';
import type { BillingService } from './billing.service.ts';
import { invoicesRoutes } from './invoices.routes.ts';
import { sandboxCheckoutRoutes } from './sandbox-checkout.routes.ts';

const tags = ['payments'];
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
  502: errorBodySchema,
};

export const billingRoutes =
  (billing: BillingService): FastifyPluginAsyncZod =>
  async (app) => {
    const { payments } = billing;

    app.get(
      '/api/payment/config',
      {
        schema: {
          tags,
          summary: 'Which checkout the pay button opens, and the support contact',
          response: { 200: billingConfigResponseSchema },
        },
        config: { rateLimit: app.limit(120, '1 minute') },
      },
      () => billing.publicConfig,
    );

    app.post(
      '/api/payment/initiate',
      {
        schema: {
          tags,
          summary: 'Starts a Pro payment; the server sets the amount (9900 paise)',
          security: [{ bearer: [] }],
          body: initiatePaymentRequestSchema,
          response: { 200: initiatePaymentResponseSchema, ...errors },
        },
        config: { rateLimit: app.limitPerUser(20, '10 minutes') },
        preHandler: app.requireUser,
      },
      (request) => payments.initiate(currentAuth(request).user, request.body),
    );

    app.get(
      '/api/payment/status/:transactionId',
      {
        schema: {
          tags,
          summary: 'The caller’s payment; asks the gateway while it is pending',
          security: [{ bearer: [] }],
          params: paymentStatusParamsSchema,
          response: { 200: paymentStatusResponseSchema, ...errors },
        },
        config: { rateLimit: app.limitPerUser(120, '1 minute') },
        preHandler: app.requireUser,
      },
      (request) => payments.status(currentAuth(request).user, request.params.transactionId),
    );

    app.post(
      '/api/payment/callback',
      {
        schema: {
          tags,
          summary:
            'Gateway server-to-server callback: PhonePe v2 webhooks (Authorization: SHA256(username:password)) or v1 callbacks (X-VERIFY)',
          // The gateway's body is checked by the gateway, after its signature.
          body: z.unknown(),
          response: { 200: paymentCallbackResponseSchema, ...errors },
        },
        config: { rateLimit: app.limit(300, '1 minute') },
      },
      async (request) => {
        const header = request.headers['x-verify'];
        await billing.handleCallback({
          body: request.body,
          xVerify: typeof header === 'string' ? header : undefined,
          authorization: request.headers.authorization,
        });
        return { success: true as const };
      },
    );

    if (billing.sandbox) await app.register(sandboxCheckoutRoutes(billing.sandbox));
    await app.register(invoicesRoutes(billing.invoices));
  };
