import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Test only, registered with TEST_CLOCK=true (never in production): runs the billing jobs at
 * once, judging "pending for long" by the server's (movable) clock.
 */
export const testJobsRoutes =
  (jobs: { reconcile(): Promise<{ checked: number; settled: number }> }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/test/jobs/reconcile',
      {
        schema: {
          tags: ['test'],
          summary: 'Test servers only: ask the gateway about every payment pending for long',
          response: { 200: z.object({ checked: z.number().int(), settled: z.number().int() }) },
        },
      },
      () => jobs.reconcile(),
    );
  };
