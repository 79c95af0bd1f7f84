import {
  distillRequestSchema,
  distillResponseSchema,
  errorBodySchema,
  VALIDATION_MESSAGES,
} from '@grasp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors.ts';
import { currentAuth } from '../../plugins/authenticate.ts';
import type { DistillService } from './distill.service.ts';

const errorCodes = [400, 401, 402, 404, 429, 502, 503, 504] as const;
const errors = Object.fromEntries(errorCodes.map((code) => [code, errorBodySchema]));

/** True when the body has no subject, or one of spaces only, and names no material. */
function blankSubject(body: unknown): boolean {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  if (fields.materialId !== undefined) return false;
  const subject = fields.subject;
  // Anything but a string is left to the schema: String() throws on some objects.
  if (typeof subject === 'string') return subject.trim() === '';
  return subject === undefined || subject === null;
}

export const distillRoutes =
  (distill: DistillService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/concepts/distill',
      {
        schema: {
          tags: ['distill'],
          summary:
            'Break a subject, or the caller’s material, into 1–8 concepts, foundational first (one unit; the same again this cycle is free)',
          security: [{ bearer: [] }],
          body: distillRequestSchema,
          response: { 200: distillResponseSchema, ...errors },
        },
        // SPEC.md §5 words the blank subject exactly; schema validation would prefix the field.
        preValidation: async (request) => {
          if (blankSubject(request.body)) throw badRequest(VALIDATION_MESSAGES.emptySubject);
        },
        preHandler: app.requireUser,
        config: { rateLimit: app.limitPerUser(30, '1 minute') },
      },
      (request) => distill.distill(currentAuth(request).user, request.body),
    );
  };
