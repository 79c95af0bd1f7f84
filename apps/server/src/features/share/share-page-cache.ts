import { compressPage, etagOf, type PageEncoding } from '../../lib/page-encoding.ts';

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
  return { html, etag: etagOf(html), indexable, encoded: {} };
}

/**
 * The page's body in an encoding, compressed once and kept with it. Brotli at quality 6: nearly
 * the size the slow qualities reach, for a small share of their time on the event loop of the
 * reader who opens the link first.
 */
export function encodedBody(page: RenderedPage, encoding: PageEncoding): Buffer {
  let body = page.encoded[encoding];
  if (!body) {
    body = compressPage(page.html, encoding, 6);
    page.encoded[encoding] = body;
  }
  return body;
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
