import compress from '@fastify/compress';
import cors, { type FastifyCorsOptions } from '@fastify/cors';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';

/** `inlineScripts`: CSP hash sources of the SPA's inline scripts (spa.ts). */
const helmetOptions = (inlineScripts: string[]): FastifyHelmetOptions => ({
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

/**
 * The API's JSON answers are never rendered as documents; they get the headers OWASP's REST
 * Security Cheat Sheet lists for APIs instead of the ~1 KB page policy, which every client would
 * otherwise receive and parse with each answer.
 */
const API_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/**
 * An answer of the JSON API. A 304 is not: the browser puts its headers on the page it has kept,
 * so a 304 carrying the API policy would block that page's own scripts on the next reload.
 */
function isApiAnswer(url: string, reply: FastifyReply): boolean {
  if (!url.startsWith('/api/') || reply.statusCode === 304) return false;
  const type = reply.getHeader('content-type');
  return !(typeof type === 'string' && type.startsWith('text/html'));
}

/** Headers of every response that say nothing about security. */
const TRANSPORT_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection']);

/**
 * The headers helmet sets. @fastify/helmet builds helmet anew, CSP parsing included, on every
 * request (a measured 5% of a cached explanation's CPU); the headers never vary with the request,
 * so they are read once from a throwaway instance and set from that copy.
 */
async function helmetHeaders(inlineScripts: string[]): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, helmetOptions(inlineScripts));
  probe.get('/', () => '');
  const response = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  return Object.fromEntries(
    Object.entries(response.headers)
      .filter(([name]) => !TRANSPORT_HEADERS.has(name))
      .map(([name, value]) => [name, String(value)]),
  );
}

const corsOptions = (publicUrl: string): FastifyCorsOptions => ({
  origin: publicUrl,
  credentials: false,
  // A strict preflight refuses a bare OPTIONS in plain text; the allowed origin stays the same.
  strictPreflight: false,
});

/**
 * CORS for one fixed origin: every answer but a preflight gets the same one header, so it is set
 * with the security headers; @fastify/cors answers the preflights only. Its hook on every route
 * spread its options into a new object and made two closures per request.
 */
async function registerCors(app: FastifyInstance, publicUrl: string): Promise<void> {
  // Its own context: the plugin's hook then runs for its OPTIONS route only.
  await app.register(async (preflights) => {
    await preflights.register(cors, corsOptions(publicUrl));
  });
}

export async function registerSecurity(
  app: FastifyInstance,
  publicUrl: string,
  inlineScripts: string[] = [],
): Promise<void> {
  const allowOrigin = { 'access-control-allow-origin': publicUrl };
  const pageHeaders = { ...(await helmetHeaders(inlineScripts)), ...allowOrigin };
  const apiHeaders = { ...API_HEADERS, ...allowOrigin };
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(isApiAnswer(request.url, reply) ? apiHeaders : pageHeaders);
    done(null, payload);
  });
  await registerCors(app, publicUrl);
  // Answers are compressed; request bodies are not inflated: no client of ours sends one
  // compressed, and the hook that looked for one ran on every request.
  await app.register(compress, { threshold: 1024, globalDecompression: false });
}
