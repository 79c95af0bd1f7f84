import {
  errorBodySchema,
  recapParamsSchema,
  recapReviewRequestSchema,
  recapReviewResponseSchema,
  recapsResponseSchema,
} from '@grasp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth } from '../../plugins/authenticate.ts';
import type { RecapsService } from './recaps.service.ts';

const errors = Object.fromEntries(
  ([400, 401, 404, 409, 429, 503] as const).map((code) => [code, errorBodySchema]),
);

/** Spaced recaps (DESIGN.md §8): no unit, no AI call; the caller's own cards only. */
export const recapsRoutes =
  (recaps: RecapsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/learning/recaps',
      {
        schema: {
          tags: ['learning'],
          summary:
            'The caller’s due recaps (takeaway, a quiz question, the next date per rating) and how many are still to come',
          security: [{ bearer: [] }],
          response: { 200: recapsResponseSchema, ...errors },
        },
        preHandler: app.requireUser,
        config: { rateLimit: app.limitPerUser(300, '1 minute') },
      },
      (request) => recaps.queue(currentAuth(request).user.id),
    );

    app.post(
      '/api/learning/recaps/:cardId/review',
      {
        schema: {
          tags: ['learning'],
          summary:
            'Rate a due recap (again, hard, good or easy); FSRS schedules the next one. A card no longer due (reviewed in another tab) is 409.',
          security: [{ bearer: [] }],
          params: recapParamsSchema,
          body: recapReviewRequestSchema,
          response: { 200: recapReviewResponseSchema, ...errors },
        },
        preHandler: app.requireUser,
        config: { rateLimit: app.limitPerUser(300, '1 minute') },
      },
      (request) =>
        recaps.review(currentAuth(request).user.id, request.params.cardId, request.body.rating),
    );
  };
