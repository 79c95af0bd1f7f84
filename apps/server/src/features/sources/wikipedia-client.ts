import type { LanguageId } from '@grasp/contract';
import { z } from 'zod';
import { createOutbound } from '../../lib/outbound.ts';

/** One hit of `GET /w/rest.php/v1/search/page` (MediaWiki core REST API). */
const searchSchema = z.object({
  pages: z.array(
    z.object({
      key: z.string(),
      title: z.string(),
      description: z.string().nullish(),
    }),
  ),
});

/** The fields of `GET /api/rest_v1/page/summary/{key}` that a source needs. */
const summarySchema = z.object({
  type: z.string(),
  title: z.string(),
  extract: z.string().default(''),
  content_urls: z
    .object({ desktop: z.object({ page: z.string() }).partial() })
    .partial()
    .optional(),
});

/** `action=query&prop=extracts` (TextExtracts), formatversion 2. */
const extractsSchema = z.object({
  query: z
    .object({
      pages: z.array(
        z.object({
          title: z.string(),
          extract: z.string().optional(),
          missing: z.boolean().optional(),
        }),
      ),
    })
    .optional(),
});

/** A whole article's plain text, `== Heading ==` sections. */
export interface WikipediaArticleText {
  title: string;
  extract: string;
  url: string;
}

export interface WikipediaPage {
  key: string;
  title: string;
  /** Plain-text lead extract (Wikipedia's own, already without markup; cleaned again later). */
  extract: string;
  url: string;
  /** Disambiguation pages and pages without a lead are no ground for an explanation. */
  usable: boolean;
}

export interface WikipediaClientOptions {
  /** With `{lang}` standing for the edition, e.g. https://{lang}.wikipedia.org. */
  baseUrl: string;
  /** Wikimedia asks every client to name itself and a contact. */
  userAgent: string;
  /** One request's limit, reading included; the retrieval budget bounds the whole. */
  requestTimeoutMs: number;
}

/** A page summary or a search is a few KiB; anything past this is not Wikipedia's answer. */
export const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * The configured host, `{lang}` as a wildcard: requests go there only, and it may be on a private
 * address (an operator's mirror, a test's fake), as the operator named it.
 */
function outboundFor(baseUrl: string) {
  const placeholder = 'lang0placeholder';
  const url = new URL(baseUrl.replaceAll('{lang}', placeholder));
  const host = url.host.replaceAll(placeholder, '*');
  return createOutbound({
    allowedHosts: [host],
    namedHosts: [host],
    protocols: [url.protocol === 'http:' ? 'http:' : 'https:'],
  });
}

/** A Wikipedia edition's answer was not usable (5xx, 429, not JSON): counts as a failure. */
export class WikipediaError extends Error {
  override name = 'WikipediaError';
}

/** Wikipedia's REST search and page summaries, one edition per language. */
export function createWikipediaClient(options: WikipediaClientOptions) {
  const outbound = outboundFor(options.baseUrl);
  // An edition is a language code, or "simple" for Simple English.
  const origin = (edition: LanguageId | 'simple') =>
    options.baseUrl.replace('{lang}', edition).replace(/\/$/, '');

  /** JSON of a GET, or null for a 404 (no such page: an answer, not a failure). */
  async function getJson(url: string, signal: AbortSignal): Promise<unknown> {
    const answer = await outbound.request(url, {
      headers: { accept: 'application/json', 'user-agent': options.userAgent },
      signal,
      deadlineMs: options.requestTimeoutMs,
      maxBytes: (status) => (status === 200 ? MAX_ANSWER_BYTES : 0),
      maxRedirects: 2,
    });
    const path = new URL(url).pathname;
    if (answer.status === 404) return null;
    if (answer.status !== 200) {
      throw new WikipediaError(`Wikipedia answered ${answer.status} for ${path}`);
    }
    if (!answer.complete) {
      throw new WikipediaError(`Wikipedia’s answer for ${path} was over ${MAX_ANSWER_BYTES} bytes`);
    }
    try {
      return JSON.parse(answer.body.toString('utf8'));
    } catch {
      throw new WikipediaError(`Wikipedia’s answer for ${path} was not JSON`);
    }
  }

  return {
    /** The keys of the best pages for a query in one edition, best first. */
    async search(
      language: LanguageId | 'simple',
      query: string,
      limit: number,
      signal: AbortSignal,
    ): Promise<string[]> {
      const url = `${origin(language)}/w/rest.php/v1/search/page?q=${encodeURIComponent(query)}&limit=${limit}`;
      const parsed = searchSchema.safeParse(await getJson(url, signal));
      if (!parsed.success) throw new WikipediaError('Wikipedia’s search answer had another shape');
      return parsed.data.pages.map((page) => page.key);
    },

    /** The titles of the best pages for a query in one edition, best first. */
    async searchTitles(
      edition: LanguageId | 'simple',
      query: string,
      limit: number,
      signal: AbortSignal,
    ): Promise<string[]> {
      const url = `${origin(edition)}/w/rest.php/v1/search/page?q=${encodeURIComponent(query)}&limit=${limit}`;
      const parsed = searchSchema.safeParse(await getJson(url, signal));
      if (!parsed.success) throw new WikipediaError('Wikipedia’s search answer had another shape');
      return parsed.data.pages.map((page) => page.title);
    },

    /** A whole article's plain text (TextExtracts), or null when the edition has no such page. */
    async article(
      edition: LanguageId | 'simple',
      title: string,
      signal: AbortSignal,
    ): Promise<WikipediaArticleText | null> {
      const params = new URLSearchParams({
        action: 'query',
        format: 'json',
        formatversion: '2',
        prop: 'extracts',
        explaintext: '1',
        exsectionformat: 'wiki',
        redirects: '1',
        titles: title,
      });
      const json = await getJson(`${origin(edition)}/w/api.php?${params}`, signal);
      const parsed = extractsSchema.safeParse(json);
      if (!parsed.success) throw new WikipediaError('Wikipedia’s extract had another shape');
      const page = parsed.data.query?.pages[0];
      if (!page || page.missing || !page.extract?.trim()) return null;
      const key = page.title.replace(/ /g, '_');
      return {
        title: page.title,
        extract: page.extract,
        url: `${origin(edition)}/wiki/${encodeURIComponent(key)}`,
      };
    },

    /** A page's lead, or null when the edition has no such page. */
    async summary(
      language: LanguageId,
      key: string,
      signal: AbortSignal,
    ): Promise<WikipediaPage | null> {
      const url = `${origin(language)}/api/rest_v1/page/summary/${encodeURIComponent(key)}`;
      const json = await getJson(url, signal);
      if (json === null) return null;
      const parsed = summarySchema.safeParse(json);
      if (!parsed.success) throw new WikipediaError('Wikipedia’s summary had another shape');
      const page = parsed.data;
      return {
        key,
        title: page.title,
        extract: page.extract,
        url:
          page.content_urls?.desktop?.page ?? `${origin(language)}/wiki/${encodeURIComponent(key)}`,
        usable: page.type === 'standard' && page.extract.trim().length > 0,
      };
    },
  };
}
export type WikipediaClient = ReturnType<typeof createWikipediaClient>;
