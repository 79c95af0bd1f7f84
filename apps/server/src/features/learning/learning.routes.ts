import {
  errorBodySchema,
  explanationParamsSchema,
  explanationRecordSchema,
  followUpRequestSchema,
  followUpResponseSchema,
  quizAnswerRequestSchema,
  quizAnswerResponseSchema,
  quizParamsSchema,
  quizRequestSchema,
  quizResponseSchema,
  reExplainRequestSchema,
  reExplainResponseSchema,
} from '@grasp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { replyWithEvents, wantsEventStream } from '../../lib/sse.ts';
import { currentAuth } from '../../plugins/authenticate.ts';
import type { LearningService } from './learning.service.ts';

const errorCodes = [400, 401, 402, 404, 409, 422, 429, 502, 503, 504] as const;
const errors = Object.fromEntries(errorCodes.map((code) => [code, errorBodySchema]));

/** The learning loop on a user's explanation record (DESIGN.md §8). */
export const learningRoutes =
  (learning: LearningService): FastifyPluginAsyncZod =>
  async (app) => {
    // The same allowance as explanations, per user: each of these may call a provider.
    const askLimit = { rateLimit: app.limitPerUser(60, '1 minute') };

    app.get(
      '/api/ai/explanations/:explanationId',
      {
        schema: {
          tags: ['learning'],
          summary: 'One of the caller’s explanations, with its follow-ups and quiz state',
          security: [{ bearer: [] }],
          params: explanationParamsSchema,
          response: { 200: explanationRecordSchema, ...errors },
        },
        preHandler: app.requireUser,
        config: { rateLimit: app.limitPerUser(300, '1 minute') },
      },
      (request) => learning.record(currentAuth(request).user.id, request.params.explanationId),
    );

    app.post(
      '/api/ai/follow-up',
      {
        schema: {
          tags: ['learning'],
          summary:
            'Ask a follow-up question on an explanation (one unit; the same question again is free); send Accept: text/event-stream to stream it',
          security: [{ bearer: [] }],
          body: followUpRequestSchema,
          response: { 200: followUpResponseSchema, ...errors },
        },
        preHandler: app.requireUser,
        config: askLimit,
      },
      async (request, reply) => {
        const { user } = currentAuth(request);
        if (!wantsEventStream(request.headers.accept)) {
          return learning.followUp(user, request.body);
        }
        return replyWithEvents(request, reply, (onDelta) =>
          learning.followUp(user, request.body, onDelta),
        );
      },
    );

    app.post(
      '/api/ai/quiz',
      {
        schema: {
          tags: ['learning'],
          summary: 'The quiz on an explanation (no unit): the same quiz every time, answers kept',
          security: [{ bearer: [] }],
          body: quizRequestSchema,
          response: { 200: quizResponseSchema, ...errors },
        },
        preHandler: app.requireUser,
        config: askLimit,
      },
      (request) => learning.quiz(currentAuth(request).user, request.body),
    );

    app.post(
      '/api/ai/quiz/:quizId/answers',
      {
        schema: {
          tags: ['learning'],
          summary: 'Answer one quiz question (once): graded on the server',
          security: [{ bearer: [] }],
          params: quizParamsSchema,
          body: quizAnswerRequestSchema,
          response: { 200: quizAnswerResponseSchema, ...errors },
        },
        preHandler: app.requireUser,
        config: { rateLimit: app.limitPerUser(120, '1 minute') },
      },
      (request) => learning.answer(currentAuth(request).user, request.params.quizId, request.body),
    );

    app.post(
      '/api/ai/re-explain',
      {
        schema: {
          tags: ['learning'],
          summary: 'One section of an explanation told another way (one unit)',
          security: [{ bearer: [] }],
          body: reExplainRequestSchema,
          response: { 200: reExplainResponseSchema, ...errors },
        },
        preHandler: app.requireUser,
        config: askLimit,
      },
      (request) => learning.reExplain(currentAuth(request).user, request.body),
    );
  };
