import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  DEFAULT_SUPPORT_CONTACT,
  ERROR_CODES,
  ERROR_MESSAGES,
  type PublicConfig,
  SUPPORT_CONTACT_META,
  telHref,
} from '@grasp/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  compressPage,
  etagOf,
  PAGE_BROTLI_QUALITY,
  type PageEncoding,
  sendHtmlPage,
} from '../lib/page-encoding.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Where the web build puts the pages it rendered to HTML (apps/web/prerender.mjs). */
const PRERENDERED = 'prerendered';
/** The app's 404 page among them: sent with status 404, no address of its own. */
const NOT_FOUND_PAGE = `${PRERENDERED}/404.html`;
/** The share page renderer and its shell (apps/web/share-page.mjs): the server's, not the site's. */
const SERVER_SIDE = 'ssr';

/** An HTML page held in memory, compressed, with its validator for revalidation (304). */
export interface SpaPage {
  html: string;
  etag: string;
  encoded: Record<PageEncoding, Buffer>;
}

/** The built pages as this server sends them: each with this server's support contact. */
export interface SpaPages {
  /** index.html: the app's shell for every route that is not prerendered. */
  shell: SpaPage | null;
  /** `/` for index.html, `/pricing` for pricing.html, … of the build's prerendered folder. */
  prerendered: Map<string, SpaPage>;
  /** The app's 404 page; sent for a share link that does not (or no longer) exist. */
  notFound: SpaPage | null;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page with the contact the build rendered (the contract's defaults) replaced by this
 * server's, and that contact in the meta tag the app starts from: the HTML shows it without
 * the app, and the app, which reads the same, hydrates it unchanged.
 */
export function withSupportContact(html: string, contact: PublicConfig): string {
  const meta = `<meta name="${SUPPORT_CONTACT_META}" content="${escapeHtml(JSON.stringify(contact))}">`;
  return html
    .replaceAll(telHref(DEFAULT_SUPPORT_CONTACT.phone), escapeHtml(telHref(contact.supportPhone)))
    .replaceAll(DEFAULT_SUPPORT_CONTACT.phone, escapeHtml(contact.supportPhone))
    .replaceAll(DEFAULT_SUPPORT_CONTACT.email, escapeHtml(contact.supportEmail))
    .replace('</head>', () => `  ${meta}\n  </head>`);
}

function pageOf(file: string, contact: PublicConfig): SpaPage | null {
  if (!existsSync(file)) return null;
  const html = withSupportContact(readFileSync(file, 'utf8'), contact);
  const etag = etagOf(html);
  const encoded = {
    br: compressPage(html, 'br', PAGE_BROTLI_QUALITY),
    gzip: compressPage(html, 'gzip', PAGE_BROTLI_QUALITY),
  };
  return { html, etag, encoded };
}

/** The prerendered pages' files by site path, but the 404 page, which has no address. */
function prerenderedFiles(webDist: string): Map<string, string> {
  const folder = join(webDist, PRERENDERED);
  const files = new Map<string, string>();
  if (!existsSync(folder)) return files;
  for (const file of readdirSync(folder)) {
    const name = /^([a-z0-9-]+)\.html$/.exec(file)?.[1];
    if (name && `${PRERENDERED}/${file}` !== NOT_FOUND_PAGE) {
      files.set(name === 'index' ? '/' : `/${name}`, join(folder, file));
    }
  }
  return files;
}

/** Reads the build's pages once, at start: a page is sent from memory on every request. */
export function loadSpaPages(webDist: string, contact: PublicConfig): SpaPages {
  const prerendered = new Map<string, SpaPage>();
  for (const [path, file] of prerenderedFiles(webDist)) {
    const page = pageOf(file, contact);
    if (page) prerendered.set(path, page);
  }
  return {
    shell: pageOf(join(webDist, 'index.html'), contact),
    prerendered,
    notFound: pageOf(join(webDist, NOT_FOUND_PAGE), contact),
  };
}

/** Sends a page, revalidated on every visit; 304 when the browser has this very one. */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: SpaPage) {
  return sendHtmlPage(request, reply, page, (encoding) => page.encoded[encoding]);
}

/** Answers 404 with the app's 404 page, or, without a web build, the API's error body. */
export function sendNotFoundPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: SpaPage | null,
) {
  reply.code(404);
  if (page === null) {
    return reply.header('Cache-Control', 'no-cache').send({
      success: false,
      code: ERROR_CODES.notFound,
      message: ERROR_MESSAGES.notFound,
    });
  }
  return sendPage(request, reply, page);
}

/**
 * CSP sources ('sha256-…') of the inline scripts of the built pages (the pre-paint script; the
 * prerendered pages' own script), so that they, and only they, may run.
 */
export function inlineScriptHashes(webDist: string): string[] {
  const pages = [
    join(webDist, 'index.html'),
    join(webDist, NOT_FOUND_PAGE),
    join(webDist, SERVER_SIDE, 'share-shell.html'),
    ...prerenderedFiles(webDist).values(),
  ];
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
 * answer their own paths; every other non-API GET that is no file gets the shell, so client
 * routes work on reload.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDist: string,
  pages: SpaPages,
): Promise<void> {
  const { shell } = pages;
  if (shell) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // Only under their own paths: /prerendered/pricing.html is no address of the app, and
      // index.html goes out with this server's contact.
      globIgnore: [`${PRERENDERED}/**`, `${SERVER_SIDE}/**`, 'index.html'],
      setHeaders: (reply, path) => {
        const hashed = path.includes(`${join(webDist, 'assets')}`);
        reply.header('Cache-Control', hashed ? IMMUTABLE : 'no-cache');
      },
    });
    for (const [path, page] of pages.prerendered) {
      app.get(path, { schema: { hide: true } }, (request, reply) => sendPage(request, reply, page));
    }
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!isApi && wantsPage && shell) return sendPage(request, reply, shell);
    return reply.status(404).send({
      success: false,
      code: ERROR_CODES.notFound,
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
    });
  });
}
