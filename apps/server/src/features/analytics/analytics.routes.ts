import { errorBodySchema, pageViewRequestSchema } from '@grasp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AnalyticsService } from './analytics.service.ts';

export const analyticsRoutes =
  (analytics: AnalyticsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/analytics/pageview',
      {
        schema: {
          tags: ['analytics'],
          summary:
            'Record a page view; a valid bearer token attaches the user, an invalid one is ignored',
          body: pageViewRequestSchema,
          response: { 204: z.null(), 400: errorBodySchema, 429: errorBodySchema },
        },
        config: { rateLimit: app.limit(120, '1 minute') },
        // Optional sign-in: a stale token must not turn a page view into a 401 (and a sign-out).
        preHandler: async (request) => {
          if (!request.headers.authorization) return;
          await app.requireUser(request).catch(() => undefined);
        },
      },
      async (request, reply) => {
        await analytics.recordPageView({
          path: request.body.path,
          referrer: request.body.referrer,
          userId: request.auth?.user.id ?? null,
        });
        return reply.status(204).send(null);
      },
    );
  };
