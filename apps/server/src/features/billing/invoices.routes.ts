import {
  errorBodySchema,
  invoiceListResponseSchema,
  invoiceParamsSchema,
  paymentListResponseSchema,
} from '@grasp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAuth } from '../../plugins/authenticate.ts';
import type { InvoiceService } from './invoices.service.ts';

const tags = ['billing'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** The caller's payments and tax invoices (DESIGN.md §12). */
export const invoicesRoutes =
  (invoices: InvoiceService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/billing/invoices',
      {
        schema: {
          tags,
          summary: 'The caller’s tax invoices, newest first',
          security: [{ bearer: [] }],
          response: { 200: invoiceListResponseSchema, ...errors },
        },
        preHandler: app.requireUser,
        config: { rateLimit: app.limit(120, '1 minute') },
      },
      async (request) => ({ invoices: await invoices.list(currentAuth(request).user.id) }),
    );

    app.get(
      '/api/billing/invoices/:invoiceId',
      {
        schema: {
          tags,
          summary: 'One of the caller’s tax invoices as printable HTML; anyone else’s is 404',
          security: [{ bearer: [] }],
          params: invoiceParamsSchema,
          // Sent as text/html: a string with a content type other than JSON goes out as it is.
          response: { 200: z.string().describe('The invoice page'), ...errors },
        },
        preHandler: app.requireUser,
        config: { rateLimit: app.limit(120, '1 minute') },
      },
      async (request, reply) => {
        const html = await invoices.page(currentAuth(request).user.id, request.params.invoiceId);
        reply.header('Cache-Control', 'private, no-store');
        reply.type('text/html; charset=utf-8');
        return html;
      },
    );

    app.get(
      '/api/billing/payments',
      {
        schema: {
          tags,
          summary: 'The caller’s payments with their invoices and refunds, newest first',
          security: [{ bearer: [] }],
          response: { 200: paymentListResponseSchema, ...errors },
        },
        preHandler: app.requireUser,
        config: { rateLimit: app.limit(120, '1 minute') },
      },
      (request) => invoices.payments(currentAuth(request).user.id),
    );
  };
