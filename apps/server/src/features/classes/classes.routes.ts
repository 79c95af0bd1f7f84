import {
  assignmentSchema,
  classesResponseSchema,
  classParamsSchema,
  classViewSchema,
  createAssignmentRequestSchema,
  createClassRequestSchema,
  createClassResponseSchema,
  errorBodySchema,
  joinClassRequestSchema,
  joinClassResponseSchema,
  joinCodeResponseSchema,
  memberParamsSchema,
  myAssignmentsResponseSchema,
  okResponseSchema,
  PROGRESS_CSV_COLUMNS,
} from '@grasp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAuth } from '../../plugins/authenticate.ts';
import type { ClassesService } from './classes.service.ts';

const errorCodes = [400, 401, 403, 404, 409, 429, 503] as const;
const errors = Object.fromEntries(errorCodes.map((code) => [code, errorBodySchema]));
const tags = ['classes'];
const security = [{ bearer: [] }];

/** A file name for the CSV: the class's name in plain characters. */
const csvFileName = (name: string) =>
  `${name.replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '') || 'class'}-progress.csv`;

/** Classes, join codes, membership, assignments and progress (DESIGN.md §13). */
export const classesRoutes =
  (classes: ClassesService): FastifyPluginAsyncZod =>
  async (app) => {
    const writes = { rateLimit: app.limit(60, '1 minute') };
    const reads = { rateLimit: app.limit(300, '1 minute') };
    const user = (request: Parameters<typeof currentAuth>[0]) => currentAuth(request).user;

    app.post(
      '/api/classes',
      {
        schema: {
          tags,
          summary: 'Start a class (Enterprise; other plans: 403 PLAN_REQUIRED)',
          security,
          body: createClassRequestSchema,
          response: { 200: createClassResponseSchema, ...errors },
        },
        preHandler: app.requireUser,
        config: writes,
      },
      (request) => classes.create(user(request), request.body.name),
    );

    app.get(
      '/api/classes',
      {
        schema: {
          tags,
          summary: 'The classes the caller teaches or belongs to',
          security,
          response: { 200: classesResponseSchema, ...errors },
        },
        preHandler: app.requireUser,
        config: reads,
      },
      (request) => classes.list(user(request).id),
    );

    app.get(
      '/api/classes/assignments',
      {
        schema: {
          tags,
          summary: 'The caller’s assignments in every class they belong to, with their progress',
          security,
          response: { 200: myAssignmentsResponseSchema, ...errors },
        },
        preHandler: app.requireUser,
        config: reads,
      },
      (request) => classes.myAssignments(user(request).id),
    );

    app.post(
      '/api/classes/join',
      {
        schema: {
          tags,
          summary:
            'Join a class with its code (again: nothing changes). A wrong code counts against the address like a wrong PIN; too many: 429',
          security,
          body: joinClassRequestSchema,
          response: { 200: joinClassResponseSchema, ...errors },
        },
        preHandler: app.requireUser,
        // Guessing is bounded per address by the service (a wrong code counts like a wrong PIN).
        config: reads,
      },
      (request) => classes.join(user(request).id, request.body.joinCode, request.ip),
    );

    app.get(
      '/api/classes/:classId',
      {
        schema: {
          tags,
          summary:
            'The class: for its teacher every member’s progress on the assignments, for a member their own; anyone else 404',
          security,
          params: classParamsSchema,
          response: { 200: classViewSchema, ...errors },
        },
        preHandler: app.requireUser,
        config: reads,
      },
      (request) => classes.view(user(request).id, request.params.classId),
    );

    app.post(
      '/api/classes/:classId/join-code',
      {
        schema: {
          tags,
          summary: 'A new join code (teacher): the old code and its links stop working at once',
          security,
          params: classParamsSchema,
          response: { 200: joinCodeResponseSchema, ...errors },
        },
        preHandler: app.requireUser,
        config: writes,
      },
      (request) => classes.rotateJoinCode(user(request).id, request.params.classId),
    );

    app.post(
      '/api/classes/:classId/assignments',
      {
        schema: {
          tags,
          summary: 'Assign 1–30 concepts (teacher); explaining one costs a member no unit, once',
          security,
          params: classParamsSchema,
          body: createAssignmentRequestSchema,
          response: { 200: assignmentSchema, ...errors },
        },
        preHandler: app.requireUser,
        config: writes,
      },
      (request) => classes.createAssignment(user(request).id, request.params.classId, request.body),
    );

    app.delete(
      '/api/classes/:classId/members/:userId',
      {
        schema: {
          tags,
          summary:
            'Remove a member (teacher); rotate the code so an old link cannot bring them back',
          security,
          params: memberParamsSchema,
          response: { 200: okResponseSchema, ...errors },
        },
        preHandler: app.requireUser,
        config: writes,
      },
      async (request) => {
        const { classId, userId } = request.params;
        await classes.removeMember(user(request).id, classId, userId);
        return { success: true as const };
      },
    );

    app.post(
      '/api/classes/:classId/leave',
      {
        schema: {
          tags,
          summary: 'Leave a class (member)',
          security,
          params: classParamsSchema,
          response: { 200: okResponseSchema, ...errors },
        },
        preHandler: app.requireUser,
        config: writes,
      },
      async (request) => {
        await classes.leave(user(request).id, request.params.classId);
        return { success: true as const };
      },
    );

    app.get(
      '/api/classes/:classId/progress.csv',
      {
        schema: {
          tags,
          summary: `The progress grid as CSV (teacher): columns ${PROGRESS_CSV_COLUMNS.join(', ')}`,
          security,
          params: classParamsSchema,
          response: { 200: z.string().describe('text/csv'), ...errors },
        },
        preHandler: app.requireUser,
        config: reads,
      },
      async (request, reply) => {
        const { name, csv } = await classes.progressCsv(user(request).id, request.params.classId);
        reply.header('Content-Disposition', `attachment; filename="${csvFileName(name)}"`);
        reply.header('Cache-Control', 'private, no-store');
        reply.type('text/csv; charset=utf-8');
        return csv;
      },
    );
  };
