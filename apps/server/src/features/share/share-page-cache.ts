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
  /** The invalidation generation when the link's row was last read (lib/invalidation.ts). */
  generation: number | null;
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
 * Rendered pages of this instance, newest use last. An entry is served without reading the link's
 * row while the invalidation generation it was confirmed at holds (a revocation anywhere moves
 * it); otherwise the row is read and the rendering kept if the row is as it was. The time limit
 * bounds how long a follow-up asked later, or a changed name, takes to show.
 */
export function createPageCache(options: { max: number; ttlMs: number; now: () => number }) {
  const entries = new Map<string, Entry>();
  const live = (shareId: string): Entry | undefined => {
    const entry = entries.get(shareId);
    if (!entry) return undefined;
    if (entry.until <= options.now()) {
      entries.delete(shareId);
      return undefined;
    }
    // Moved to the end: the least recently viewed page goes first when the cache is full.
    entries.delete(shareId);
    entries.set(shareId, entry);
    return entry;
  };
  return {
    /** The page if nothing was invalidated since its row was read (null: that is unknown). */
    trusted(shareId: string, generation: number | null): RenderedPage | undefined {
      if (generation === null) return undefined;
      const entry = entries.get(shareId);
      return entry?.generation === generation ? live(shareId)?.page : undefined;
    },
    /** The page rendered from this version of the row, confirmed at `generation`. */
    get(
      shareId: string,
      version: string,
      generation: number | null = null,
    ): RenderedPage | undefined {
      const entry = live(shareId);
      if (!entry) return undefined;
      if (entry.version !== version) {
        entries.delete(shareId);
        return undefined;
      }
      entry.generation = generation;
      return entry.page;
    },
    set(
      shareId: string,
      version: string,
      page: RenderedPage,
      generation: number | null = null,
    ): void {
      entries.delete(shareId);
      if (entries.size >= options.max) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(shareId, { page, version, generation, until: options.now() + options.ttlMs });
    },
    delete(shareId: string): void {
      entries.delete(shareId);
    },
    get size() {
      return entries.size;
    },
  };
}
