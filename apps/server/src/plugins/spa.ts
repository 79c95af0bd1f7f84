import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@grasp/contract';
import type { FastifyInstance } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built SPA: hashed assets cached for a year, index.html revalidated, and every
 * non-API GET that is no file answered with index.html so client routes work on reload.
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const hasSpa = existsSync(join(webDist, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders: (reply, path) => {
        const hashed = path.includes(`${join(webDist, 'assets')}`);
        reply.header('Cache-Control', hashed ? IMMUTABLE : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!isApi && wantsPage && hasSpa) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({
      success: false,
      code: ERROR_CODES.notFound,
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
    });
  });
}
