import type { LanguageId } from '@grasp/contract';
import CircuitBreaker from 'opossum';
import { MAX_PROMPT_EXTRACT_CHARS, MAX_SOURCES } from './grounding-prompt.ts';
import type { FindSources, RetrievedSource } from './source-finder.ts';
import { excerpt, isSearchable, plainText } from './source-text.ts';
import type { SourcesCache } from './sources-cache.ts';
import type { WikipediaClient, WikipediaPage } from './wikipedia-client.ts';

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface BreakerOptions {
  /** How long retrieval pauses once open, before one trial request. */
  resetTimeoutMs: number;
  /** Failures are judged over this window… */
  windowMs: number;
  /** …once it holds at least this many requests… */
  volumeThreshold: number;
  /** …and open the breaker at this share of failures. */
  errorThresholdPercentage: number;
}

export const DEFAULT_BREAKER: BreakerOptions = {
  resetTimeoutMs: 30_000,
  windowMs: 10_000,
  volumeThreshold: 5,
  errorThresholdPercentage: 50,
};

export interface WikipediaFinderOptions {
  client: WikipediaClient;
  cache: SourcesCache;
  log: Log;
  breaker?: Partial<BreakerOptions>;
}

const MAX_QUERY_CHARS = 200;

/** "supply and demand" → "Supply_and_demand": how Wikipedia keys a page of that title. */
const titleKey = (query: string) =>
  query
    .trim()
    .replace(/\s+/g, '_')
    .replace(/^\p{Ll}/u, (c) => c.toUpperCase());

/** Only links a reader can open safely become a source's url. */
function safeUrl(url: string, fallback: string): string {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? url : fallback;
  } catch {
    return fallback;
  }
}

/**
 * Wikipedia as a source finder (DESIGN.md §10): the explanation's edition first, English where
 * that one has nothing. Searches and pages are cached; every request goes through one circuit
 * breaker (opossum), so a Wikipedia that keeps failing is left alone for a while, and the log
 * says so once when it opens and once when it closes.
 */
export function createWikipediaFinder(options: WikipediaFinderOptions): FindSources & {
  shutdown(): void;
} {
  const { client, cache, log } = options;
  const settings = { ...DEFAULT_BREAKER, ...options.breaker };
  const breaker = new CircuitBreaker((call: () => Promise<unknown>) => call(), {
    timeout: false,
    resetTimeout: settings.resetTimeoutMs,
    rollingCountTimeout: settings.windowMs,
    volumeThreshold: settings.volumeThreshold,
    errorThresholdPercentage: settings.errorThresholdPercentage,
    name: 'wikipedia',
  });
  breaker.on('open', () =>
    log.warn(
      { pauseMs: settings.resetTimeoutMs },
      'Wikipedia keeps failing: retrieval paused, explanations come without sources',
    ),
  );
  breaker.on('close', () => log.info({}, 'Wikipedia answers again: retrieval resumed'));
  const guarded = <T>(call: () => Promise<T>) => breaker.fire(call) as Promise<T>;

  async function searchKeys(language: LanguageId, query: string, signal: AbortSignal) {
    const key = `search:${language}:${query.toLowerCase()}`;
    const kept = await cache.get(key);
    if (Array.isArray(kept)) return kept as string[];
    const keys = await guarded(() => client.search(language, query, MAX_SOURCES, signal));
    await cache.set(key, keys);
    return keys;
  }

  async function page(language: LanguageId, key: string, signal: AbortSignal) {
    const cacheKey = `page:${language}:${key}`;
    const kept = (await cache.get(cacheKey)) as { page: WikipediaPage | null } | undefined;
    if (kept && typeof kept === 'object' && 'page' in kept) return kept.page;
    const found = await guarded(() => client.summary(language, key, signal));
    await cache.set(cacheKey, { page: found });
    return found;
  }

  async function inEdition(language: LanguageId, query: string, signal: AbortSignal) {
    // Most concepts are a page's own title: its summary is asked beside the search, so a cold
    // cache costs one round trip instead of two. A wrong guess is one request, and is cached.
    // The search goes first: when the breaker lets one trial through, it is the search.
    const searched = searchKeys(language, query, signal);
    const guessKey = titleKey(query);
    // Undefined when it failed (a paused breaker lets the search through, not the guess).
    const guessed = page(language, guessKey, signal).catch(() => undefined);
    const keys = await searched;
    const pages = await Promise.all(
      keys
        .slice(0, MAX_SOURCES)
        .map((k) =>
          k === guessKey
            ? guessed.then((found) => (found === undefined ? page(language, k, signal) : found))
            : page(language, k, signal),
        ),
    );
    return pages.flatMap((found): RetrievedSource[] => {
      if (!found?.usable) return [];
      const text = plainText(found.extract);
      if (!text) return [];
      return [
        {
          title: plainText(found.title),
          url: safeUrl(found.url, ''),
          excerpt: excerpt(text, MAX_PROMPT_EXTRACT_CHARS),
          origin: 'wikipedia',
          language,
        },
      ];
    });
  }

  const find = async ({ query, language, signal }: Parameters<FindSources>[0]) => {
    // Only punctuation or a link: nothing to look up, and an address is not sent out.
    if (!isSearchable(query)) return [];
    const text = plainText(query).slice(0, MAX_QUERY_CHARS);
    const found = await inEdition(language, text, signal);
    if (found.length > 0 || language === 'en') return found;
    return inEdition('en', text, signal);
  };
  return Object.assign(find, { shutdown: () => breaker.shutdown() });
}
