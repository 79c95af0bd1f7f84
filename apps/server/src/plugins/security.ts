import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** `inlineScripts`: CSP hash sources of the SPA's inline scripts (spa.ts). */
export async function registerSecurity(
  app: FastifyInstance,
  publicUrl: string,
  inlineScripts: string[] = [],
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://challenges.cloudflare.com', ...inlineScripts],
        // ALTCHA solves its proof of work in a blob worker.
        workerSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'https://challenges.cloudflare.com'],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cors, { origin: publicUrl, credentials: false });
  await app.register(compress, { threshold: 1024 });
}
