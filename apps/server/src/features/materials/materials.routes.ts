import multipart from '@fastify/multipart';
import {
  errorBodySchema,
  MATERIAL_ERROR_CODES,
  MATERIAL_MESSAGES,
  MATERIAL_PDF_MAX_BYTES,
  materialListSchema,
  materialParamsSchema,
  materialSchema,
  materialTextRequestSchema,
} from '@grasp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors.ts';
import { currentAuth } from '../../plugins/authenticate.ts';
import type { MaterialsService } from './materials.service.ts';
import { looksLikePdf } from './pdf-text.ts';

const errorCodes = [400, 401, 403, 404, 413, 415, 422, 429] as const;
const errors = Object.fromEntries(errorCodes.map((code) => [code, errorBodySchema]));
// 100,000 characters of JSON-escaped text fit; the app's default is for short requests.
const TEXT_BODY_LIMIT = 1024 * 1024;

const tooLarge = () => new AppError(413, MATERIAL_ERROR_CODES.tooLarge, MATERIAL_MESSAGES.tooLarge);
const notPdf = () => new AppError(415, MATERIAL_ERROR_CODES.notPdf, MATERIAL_MESSAGES.notPdf);

export const materialsRoutes =
  (materials: MaterialsService): FastifyPluginAsyncZod =>
  async (app) => {
    // Only these routes take multipart bodies: the parser is registered in their scope.
    await app.register(multipart, { limits: { fileSize: MATERIAL_PDF_MAX_BYTES, files: 1 } });

    app.post(
      '/api/materials',
      {
        schema: {
          tags: ['materials'],
          summary:
            'Add a material: a PDF as multipart field `file` (≤ 10 MB), or JSON { title?, text }',
          security: [{ bearer: [] }],
          // Absent for a multipart upload, which the handler reads as a stream.
          body: materialTextRequestSchema.nullish(),
          response: { 200: materialSchema, ...errors },
        },
        bodyLimit: TEXT_BODY_LIMIT,
        preHandler: app.requireUser,
        // Reading a PDF costs CPU: uploads count per user like explanations.
        config: { rateLimit: app.limitPerUser(20, '1 minute') },
      },
      async (request) => {
        const { user } = currentAuth(request);
        if (!request.isMultipart()) {
          if (!request.body) throw badRequest(`text: ${MATERIAL_MESSAGES.emptyText}`);
          return materials.addText(user, request.body);
        }
        const file = await request.file();
        if (file?.fieldname !== 'file') throw badRequest('file: please choose a PDF');
        let bytes: Buffer;
        try {
          bytes = await file.toBuffer();
        } catch (error) {
          if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw tooLarge();
          throw error;
        }
        if (!looksLikePdf(bytes)) throw notPdf();
        return materials.addPdf(user, bytes, file.filename);
      },
    );

    app.get(
      '/api/materials',
      {
        schema: {
          tags: ['materials'],
          summary: 'The caller’s materials, newest first, and how many the plan keeps',
          security: [{ bearer: [] }],
          response: { 200: materialListSchema, 401: errorBodySchema },
        },
        preHandler: app.requireUser,
      },
      (request) => materials.list(currentAuth(request).user),
    );

    app.delete(
      '/api/materials/:materialId',
      {
        schema: {
          tags: ['materials'],
          summary: 'Delete a material and its passages; explanations made from it are kept',
          security: [{ bearer: [] }],
          params: materialParamsSchema,
          response: { 200: z.object({ deleted: z.literal(true) }), ...errors },
        },
        preHandler: app.requireUser,
      },
      async (request) => {
        await materials.remove(currentAuth(request).user.id, request.params.materialId);
        return { deleted: true as const };
      },
    );
  };
