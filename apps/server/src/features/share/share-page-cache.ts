import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type PageEncoding = 'br' | 'gzip';

/** A rendered share page, kept with its compressed forms as they are first asked for. */
export interface RenderedPage {
  html: string;
  etag: string;
  indexable: boolean;
  encoded: Partial<Record<PageEncoding, Buffer>>;
}

interface Entry {
  page: RenderedPage;
  /** What the page was rendered from (explanation and visibility): a change renders anew. */
  version: string;
  until: number;
}

export function renderedPage(html: string, indexable: boolean): RenderedPage {
  const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
  return { html, etag, indexable, encoded: {} };
}

/**
 * The page's body in an encoding, compressed once and kept with it. Brotli at quality 6: nearly
 * the size the slow qualities reach, for a small share of their time on the event loop of the
 * reader who opens the link first.
 */
export function encodedBody(page: RenderedPage, encoding: PageEncoding): Buffer {
  let body = page.encoded[encoding];
  if (!body) {
    body =
      encoding === 'br'
        ? brotliCompressSync(page.html, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 6,
              [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(page.html),
            },
          })
        : gzipSync(page.html);
    page.encoded[encoding] = body;
  }
  return body;
}

/**
 * The encoding to answer in: br, else gzip, else none (identity). Only an explicit q=0 refuses
 * one; anything unparsable in the header counts as not asked.
 */
export function preferredEncoding(acceptEncoding: string | undefined): PageEncoding | null {
  if (!acceptEncoding) return null;
  const known = chosenEncodings.get(acceptEncoding);
  if (known !== undefined) return known;
  const chosen = parseEncoding(acceptEncoding);
  // Browsers send a handful of distinct headers; anything else is not worth keeping many of.
  if (chosenEncodings.size >= 64) chosenEncodings.clear();
  chosenEncodings.set(acceptEncoding, chosen);
  return chosen;
}

const chosenEncodings = new Map<string, PageEncoding | null>();

function parseEncoding(acceptEncoding: string): PageEncoding | null {
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * Rendered pages of this instance, newest use last. Whether a link still works is never taken
 * from here: the caller reads the share's row on every view (one indexed read), so a revocation
 * on any instance holds at once; the entry only spares the rendering. The time limit bounds how
 * long a follow-up asked later, or a changed name, takes to show.
 */
export function createPageCache(options: { max: number; ttlMs: number; now: () => number }) {
  const entries = new Map<string, Entry>();
  return {
    get(shareId: string, version: string): RenderedPage | undefined {
      const entry = entries.get(shareId);
      if (!entry) return undefined;
      if (entry.version !== version || entry.until <= options.now()) {
        entries.delete(shareId);
        return undefined;
      }
      // Moved to the end: the least recently viewed page goes first when the cache is full.
      entries.delete(shareId);
      entries.set(shareId, entry);
      return entry.page;
    },
    set(shareId: string, version: string, page: RenderedPage): void {
      entries.delete(shareId);
      if (entries.size >= options.max) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(shareId, { page, version, until: options.now() + options.ttlMs });
    },
    delete(shareId: string): void {
      entries.delete(shareId);
    },
    get size() {
      return entries.size;
    },
  };
}
