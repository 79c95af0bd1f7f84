import {
  createShareRequestSchema,
  errorBodySchema,
  explanationParamsSchema,
  exportQuerySchema,
  revokeShareResponseSchema,
  shareParamsSchema,
  shareSchema,
  sharesResponseSchema,
} from '@grasp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendHtmlPage } from '../../lib/page-encoding.ts';
import { currentAuth } from '../../plugins/authenticate.ts';
import { type SpaPage, sendNotFoundPage } from '../../plugins/spa.ts';
import type { ShareService } from './share.service.ts';
import { encodedBody } from './share-page-cache.ts';

const errorCodes = [400, 401, 404, 429, 503] as const;
const errors = Object.fromEntries(errorCodes.map((code) => [code, errorBodySchema]));

/** Share links and their public pages, and the Markdown export (DESIGN.md §9). */
export const shareRoutes =
  (shares: ShareService, notFoundPage: SpaPage | null): FastifyPluginAsyncZod =>
  async (app) => {
    const writeLimit = { rateLimit: app.limit(60, '1 minute') };

    app.post(
      '/api/share',
      {
        schema: {
          tags: ['share'],
          summary:
            'A public link to one of the caller’s explanations (the same link when asked again)',
          security: [{ bearer: [] }],
          body: createShareRequestSchema,
          response: { 200: shareSchema, ...errors },
        },
        preHandler: app.requireUser,
        config: writeLimit,
      },
      (request) => shares.share(currentAuth(request).user.id, request.body),
    );

    app.get(
      '/api/share',
      {
        schema: {
          tags: ['share'],
          summary: 'The caller’s share links that still work, newest first',
          security: [{ bearer: [] }],
          response: { 200: sharesResponseSchema, ...errors },
        },
        preHandler: app.requireUser,
        config: { rateLimit: app.limit(300, '1 minute') },
      },
      async (request) => ({ shares: await shares.list(currentAuth(request).user.id) }),
    );

    app.delete(
      '/api/share/:shareId',
      {
        schema: {
          tags: ['share'],
          summary: 'Revoke a share link: its page answers 404 from now on',
          security: [{ bearer: [] }],
          params: shareParamsSchema,
          response: { 200: revokeShareResponseSchema, ...errors },
        },
        preHandler: app.requireUser,
        config: writeLimit,
      },
      async (request) => {
        await shares.revoke(currentAuth(request).user.id, request.params.shareId);
        return { success: true as const };
      },
    );

    app.get(
      '/api/ai/explanations/:explanationId/export',
      {
        schema: {
          tags: ['share'],
          summary:
            'Download one of the caller’s explanations as Markdown (text/markdown attachment)',
          security: [{ bearer: [] }],
          params: explanationParamsSchema,
          querystring: exportQuerySchema,
          // Sent as text/markdown: a string with a content type other than JSON goes out as it is.
          response: { 200: z.string().describe('The Markdown file'), ...errors },
        },
        preHandler: app.requireUser,
        config: { rateLimit: app.limit(300, '1 minute') },
      },
      async (request, reply) => {
        const { user } = currentAuth(request);
        const file = await shares.exportMarkdown(user.id, request.params.explanationId);
        reply.header('Content-Disposition', file.disposition);
        reply.header('Cache-Control', 'private, no-store');
        reply.type('text/markdown; charset=utf-8');
        return file.markdown;
      },
    );

    app.get(
      '/s/:shareId',
      {
        schema: {
          tags: ['share'],
          summary:
            'The public page of a share link (HTML, no account needed); the app’s 404 page once revoked',
          // Any id: one that is malformed is as unknown as one revoked, and gets the same page.
          params: z.object({ shareId: z.string() }),
        },
        // Compressed once with the rendering (share-page-cache.ts), never per request.
        compress: false,
      },
      async (request, reply) => {
        const page = await shares.page(request.params.shareId);
        if (!page) return sendNotFoundPage(request, reply, notFoundPage);
        if (!page.indexable) reply.header('X-Robots-Tag', 'noindex');
        // Revalidated on every view, so a revoked link is never shown from a cache.
        return sendHtmlPage(request, reply, page, (encoding) => encodedBody(page, encoding));
      },
    );
  };
