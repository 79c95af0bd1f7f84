import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ShiftableClock } from '../lib/clock.ts';

const YEAR_MS = 366 * 24 * 60 * 60 * 1000;

const clockSchema = z.object({
  now: z.string().describe('The server’s time now (ISO-8601)'),
  offsetMs: z.number().int(),
});

/**
 * Test only, registered when TEST_CLOCK=true (never in production): moves the server's clock
 * so end-to-end tests can reach a recap's due date. Sets the offset from real time; 0 undoes it.
 */
export const testClockRoutes =
  (clock: ShiftableClock): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/test/clock',
      {
        schema: {
          tags: ['test'],
          summary: 'Test servers only: set how far the server’s clock runs ahead of real time',
          body: z.object({ offsetMs: z.number().int().min(-YEAR_MS).max(YEAR_MS) }),
          response: { 200: clockSchema },
        },
      },
      (request) => {
        clock.setOffset(request.body.offsetMs);
        return { now: clock.now().toISOString(), offsetMs: clock.offsetMs };
      },
    );
  };
