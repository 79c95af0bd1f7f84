import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type PageEncoding = 'br' | 'gzip';

/**
 * The site's pages (plugins/spa.ts) are compressed once, at start, as small as brotli goes: a
 * public page that fits the first round trip of a new connection (about 14 KB) paints a round
 * trip sooner on a slow line.
 */
export const PAGE_BROTLI_QUALITY = 11;

/**
 * An HTML page's body compressed in an encoding. Brotli's quality is the caller's: the slowest
 * (11) for pages compressed once at start, less where a reader waits for the first compression.
 */
export function compressPage(html: string, encoding: PageEncoding, brotliQuality: number): Buffer {
  if (encoding === 'gzip') return gzipSync(html, { level: 9 });
  return brotliCompressSync(html, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
    },
  });
}

/** The encodings of ours a client takes. */
interface Takes {
  br: boolean;
  gzip: boolean;
}

/**
 * The encoding to answer in: br, else gzip, else none (identity). Only an explicit q=0 refuses
 * one; anything unparsable in the header counts as not asked.
 */
export function preferredEncoding(acceptEncoding: string | undefined): PageEncoding | null {
  const takes = takesOf(acceptEncoding);
  if (takes?.br) return 'br';
  return takes?.gzip ? 'gzip' : null;
}

/** Whether the client takes gzip, by name or by `*`, under the same rules. */
export const takesGzip = (acceptEncoding: string | undefined) =>
  takesOf(acceptEncoding)?.gzip ?? false;

const parsedHeaders = new Map<string, Takes>();

function takesOf(acceptEncoding: string | undefined): Takes | null {
  if (!acceptEncoding) return null;
  const known = parsedHeaders.get(acceptEncoding);
  if (known !== undefined) return known;
  const takes = parseEncoding(acceptEncoding);
  // Browsers send a handful of distinct headers; anything else is not worth keeping many of.
  if (parsedHeaders.size >= 64) parsedHeaders.clear();
  parsedHeaders.set(acceptEncoding, takes);
  return takes;
}

function parseEncoding(acceptEncoding: string): Takes {
  const accepted = new Set<string>();
  const refused = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    (q && !(Number(q.slice(2)) > 0) ? refused : accepted).add(name);
  }
  // Brotli only when named; `*` is taken as gzip, unless gzip is refused by name.
  const gzip = accepted.has('gzip') || (accepted.has('*') && !refused.has('gzip'));
  return { br: accepted.has('br'), gzip };
}

/** A strong validator of an HTML page: the same text, the same ETag, on every instance. */
export const etagOf = (html: string) =>
  `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;

/**
 * Sends an HTML page, revalidated on every visit (304 when the browser has this very one), in
 * the encoding the browser takes; `bodyIn` gives the page's body compressed in it.
 */
export function sendHtmlPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { html: string; etag: string },
  bodyIn: (encoding: PageEncoding) => Buffer,
) {
  reply.header('Cache-Control', 'no-cache').header('ETag', page.etag);
  reply.header('Vary', 'Accept-Encoding');
  if (request.headers['if-none-match'] === page.etag && reply.statusCode === 200) {
    return reply.code(304).send();
  }
  reply.type('text/html; charset=utf-8');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(page.html);
  // @fastify/compress leaves a body that is already encoded be.
  return reply.header('Content-Encoding', encoding).send(bodyIn(encoding));
}
