import { publicConfigResponseSchema } from '@grasp/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SiteService } from './site.service.ts';

export const siteRoutes =
  (site: SiteService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/config/public',
      {
        schema: {
          tags: ['site'],
          summary: 'Public settings: the support email and phone the contact popover shows',
          response: { 200: publicConfigResponseSchema },
        },
      },
      async (_request, reply) => {
        // Changes only with a restart; a short cache spares a request per page.
        reply.header('Cache-Control', 'public, max-age=300');
        return site.publicConfig();
      },
    );
  };
