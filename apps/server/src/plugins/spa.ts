import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES, ERROR_MESSAGES } from '@grasp/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Where the web build puts the pages it rendered to HTML (apps/web/prerender.mjs). */
const PRERENDERED = 'prerendered';
/** The app's 404 page among them: sent with status 404, no address of its own. */
const NOT_FOUND_PAGE = `${PRERENDERED}/404.html`;
/** The share page renderer and its shell (apps/web/share-page.mjs): the server's, not the site's. */
const SERVER_SIDE = 'ssr';

/** `/` for index.html, `/pricing` for pricing.html, … of the build's prerendered folder. */
function prerenderedPages(webDist: string): Map<string, string> {
  const folder = join(webDist, PRERENDERED);
  const pages = new Map<string, string>();
  if (!existsSync(folder)) return pages;
  for (const file of readdirSync(folder)) {
    const name = /^([a-z0-9-]+)\.html$/.exec(file)?.[1];
    if (name && `${PRERENDERED}/${file}` !== NOT_FOUND_PAGE) {
      pages.set(name === 'index' ? '/' : `/${name}`, `${PRERENDERED}/${file}`);
    }
  }
  return pages;
}

/** The app's 404 page as the build rendered it; null without a build. */
export function notFoundPage(webDist: string): string | null {
  const file = join(webDist, NOT_FOUND_PAGE);
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

/** Answers 404 with the app's 404 page, or, without a web build, the API's error body. */
export function sendNotFoundPage(reply: FastifyReply, page: string | null) {
  reply.code(404).header('Cache-Control', 'no-cache');
  if (page === null) {
    return reply.send({
      success: false,
      code: ERROR_CODES.notFound,
      message: ERROR_MESSAGES.notFound,
    });
  }
  return reply.type('text/html; charset=utf-8').send(page);
}

/**
 * CSP sources ('sha256-…') of the inline scripts of the built pages (the pre-paint theme script;
 * the prerendered pages' script loader), so that they, and only they, may run.
 */
export function inlineScriptHashes(webDist: string): string[] {
  const pages = [
    join(webDist, 'index.html'),
    join(webDist, NOT_FOUND_PAGE),
    join(webDist, SERVER_SIDE, 'share-shell.html'),
  ];
  for (const file of prerenderedPages(webDist).values()) pages.push(join(webDist, file));
  const hashes = new Set<string>();
  for (const page of pages.filter((p) => existsSync(p))) {
    for (const [, code = ''] of readFileSync(page, 'utf8').matchAll(
      /<script>([\s\S]*?)<\/script>/g,
    )) {
      hashes.add(`'sha256-${createHash('sha256').update(code).digest('base64')}'`);
    }
  }
  return [...hashes];
}

/**
 * Serves the built SPA: hashed assets cached for a year, HTML revalidated. The prerendered pages
 * answer their own paths; every other non-API GET that is no file gets index.html, so client
 * routes work on reload.
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const hasSpa = existsSync(join(webDist, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // Only under their own paths: /prerendered/pricing.html is no address of the app.
      globIgnore: [`${PRERENDERED}/**`, `${SERVER_SIDE}/**`],
      setHeaders: (reply, path) => {
        const hashed = path.includes(`${join(webDist, 'assets')}`);
        reply.header('Cache-Control', hashed ? IMMUTABLE : 'no-cache');
      },
    });
    for (const [path, file] of prerenderedPages(webDist)) {
      app.get(path, { schema: { hide: true } }, (_request, reply) => reply.sendFile(file));
    }
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
