import { healthResponseSchema } from '@grasp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type HealthService, isReady } from './health.service.ts';

export const healthRoutes =
  (health: HealthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          tags: ['health'],
          summary:
            'Readiness: 200 while the database answers (Redis, when configured, is reported: the instance serves without it)',
          response: { 200: healthResponseSchema, 503: healthResponseSchema },
        },
      },
      async (_request, reply) => {
        const report = await health.check();
        return reply.status(isReady(report) ? 200 : 503).send(report);
      },
    );
  };
