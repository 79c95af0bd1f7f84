import multipart from '@fastify/multipart';
import {
  errorBodySchema,
  MATERIAL_ERROR_CODES,
  MATERIAL_MESSAGES,
  MATERIAL_PDF_MAX_BYTES,
  MATERIAL_UPLOAD_SECONDS,
  materialListSchema,
  materialParamsSchema,
  materialSchema,
  materialTextRequestSchema,
} from '@grasp/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors.ts';
import { currentAuth } from '../../plugins/authenticate.ts';
import type { MaterialsService, PdfUpload } from './materials.service.ts';
import { looksLikePdf } from './pdf-text.ts';

const errorCodes = [400, 401, 403, 404, 408, 413, 415, 422, 429, 503] as const;
const errors = Object.fromEntries(errorCodes.map((code) => [code, errorBodySchema]));
// 100,000 characters of JSON-escaped text fit; the app's default is for short requests.
const TEXT_BODY_LIMIT = 1024 * 1024;
/** How long the rest of a refused upload is read (and discarded) before its connection ends. */
const DRAIN_MS = 3_000;

const tooLarge = () => new AppError(413, MATERIAL_ERROR_CODES.tooLarge, MATERIAL_MESSAGES.tooLarge);
const notPdf = () => new AppError(415, MATERIAL_ERROR_CODES.notPdf, MATERIAL_MESSAGES.notPdf);
const notOneFile = () => new AppError(413, MATERIAL_ERROR_CODES.oneFile, MATERIAL_MESSAGES.oneFile);
// The abandoned body would go on filling the parser's buffer: the connection ends with the answer.
const tooSlow = () =>
  new AppError(408, MATERIAL_ERROR_CODES.tooSlow, MATERIAL_MESSAGES.tooSlow, {
    connection: 'close',
  });

// One file and nothing else worth keeping: a field's value past 1 KiB is cut by the parser (and
// refused below), so extra fields can neither be large nor many.
const UPLOAD_LIMITS = {
  fileSize: MATERIAL_PDF_MAX_BYTES,
  files: 1,
  fields: 2,
  fieldSize: 1024,
  parts: 3,
  headerPairs: 20,
};

/** The parser's limit errors (too many parts, files or fields) as the learner's refusal. */
function uploadError(app: FastifyInstance, error: unknown): unknown {
  const errors = app.multipartErrors;
  if (error instanceof errors.RequestFileTooLargeError) return tooLarge();
  if (
    error instanceof errors.PartsLimitError ||
    error instanceof errors.FilesLimitError ||
    error instanceof errors.FieldsLimitError
  ) {
    return notOneFile();
  }
  return error;
}

/** Reads the whole multipart body: the PDF in field `file`, small fields ignored, nothing more. */
async function receiveParts(app: FastifyInstance, request: FastifyRequest): Promise<PdfUpload> {
  let upload: PdfUpload | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw notOneFile();
      } else if (part.fieldname !== 'file') {
        throw badRequest('file: please choose a PDF');
      } else {
        upload = { bytes: await part.toBuffer(), filename: part.filename };
      }
    }
  } catch (error) {
    throw uploadError(app, error);
  }
  if (!upload) throw badRequest('file: please choose a PDF');
  if (!looksLikePdf(upload.bytes)) throw notPdf();
  return upload;
}

/**
 * The upload, whole within `withinMs` of its headers or 408: a body that trickles in holds a
 * reader's place and its buffered bytes, so it is cut off (the reply closes the connection).
 */
async function receivePdf(
  app: FastifyInstance,
  request: FastifyRequest,
  withinMs: number,
): Promise<PdfUpload> {
  const receiving = receiveParts(app, request);
  // Once cut off, the abandoned read ends in an error when the connection closes.
  receiving.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const cutOff = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(tooSlow()), withinMs);
  });
  try {
    return await Promise.race([receiving, cutOff]);
  } finally {
    clearTimeout(timer);
  }
}

export interface MaterialsRouteOptions {
  /** How long an upload's body may take to arrive (tests shorten it). */
  receiveMs?: number;
}

export const materialsRoutes =
  (materials: MaterialsService, options: MaterialsRouteOptions = {}): FastifyPluginAsyncZod =>
  async (app) => {
    const receiveMs = options.receiveMs ?? MATERIAL_UPLOAD_SECONDS * 1000;
    // Only these routes take multipart bodies: the parser is registered in their scope.
    await app.register(multipart, { limits: UPLOAD_LIMITS });
    // After an answer given before the body arrived whole (a refusal), Node reads on, discarding,
    // so the client can read the answer; but only for a few seconds, not as long as it sends.
    app.addHook('onResponse', async (request) => {
      const raw = request.raw;
      if (raw.complete) return;
      const timer = setTimeout(() => raw.destroy(), DRAIN_MS);
      const stop = () => clearTimeout(timer);
      raw.once('end', stop);
      raw.once('close', stop);
    });

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
        return materials.addPdf(user, () => receivePdf(app, request, receiveMs));
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
