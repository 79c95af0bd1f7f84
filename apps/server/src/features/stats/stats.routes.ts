import {
  errorBodySchema,
  unitsResponseSchema,
  userMessageSchema,
  usernameParamsSchema,
  userStatsResponseSchema,
} from '@grasp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAuth } from '../../plugins/authenticate.ts';
import type { StatsService } from './stats.service.ts';

const tags = ['stats'];
const guarded = { 401: errorBodySchema, 403: errorBodySchema };

export const statsRoutes =
  (stats: StatsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/stats/units/:username',
      {
        schema: {
          tags,
          summary: 'The caller and their available units (the web app’s user-status check)',
          security: [{ bearer: [] }],
          params: usernameParamsSchema,
          response: { 200: unitsResponseSchema, ...guarded },
        },
        preHandler: app.requireUser,
      },
      (request) => stats.units(currentAuth(request).user, request.params.username),
    );

    app.get(
      '/api/stats/user-stats/:username',
      {
        schema: {
          tags,
          summary: 'How many explanations the caller has received',
          security: [{ bearer: [] }],
          params: usernameParamsSchema,
          response: { 200: userStatsResponseSchema, ...guarded },
        },
        preHandler: app.requireUser,
      },
      (request) => stats.userStats(currentAuth(request).user, request.params.username),
    );

    app.get(
      '/api/stats/user-messages/:username',
      {
        schema: {
          tags,
          summary: 'The caller’s latest explanations, newest first',
          security: [{ bearer: [] }],
          params: usernameParamsSchema,
          response: { 200: z.array(userMessageSchema), ...guarded },
        },
        preHandler: app.requireUser,
      },
      (request) => stats.userMessages(currentAuth(request).user, request.params.username),
    );
  };
