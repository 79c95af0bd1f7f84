import { healthResponseSchema } from '@grasp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HealthService } from './health.service.ts';

export const healthRoutes =
  (health: HealthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Readiness: the database and, when configured, Redis',
          response: { 200: healthResponseSchema, 503: healthResponseSchema },
        },
      },
      async (_request, reply) => {
        const report = await health.check();
        return reply.status(report.status === 'ok' ? 200 : 503).send(report);
      },
    );
  };
