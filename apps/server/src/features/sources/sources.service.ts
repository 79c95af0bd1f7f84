import type { Source } from '@grasp/contract';
import type { SharedRedis } from '../../lib/shared-redis.ts';
import { numberSources } from './grounding-prompt.ts';
import { RETRIEVAL_BUDGET_MS, withinBudget } from './retrieval-budget.ts';
import type { FindSources, SourceAsk } from './source-finder.ts';
import { createSourcesCache } from './sources-cache.ts';
import { createWikipediaArticles } from './wikipedia-articles.ts';
import { createWikipediaClient } from './wikipedia-client.ts';
import { type BreakerOptions, createWikipediaFinder } from './wikipedia-finder.ts';

export interface SourcesServiceOptions {
  /** Null when retrieval is off (SOURCES=off): answers then come without sources. */
  wikipedia: FindSources | null;
  /** The learner's own material (origin "document"), asked instead when a materialId is given. */
  material?: FindSources | undefined;
  budgetMs?: number | undefined;
}

/** What the explain service asks: the same as a finder, the signal optional. */
export type SourcesRequest = Omit<SourceAsk, 'signal'> & { signal?: AbortSignal | undefined };

/** Picks the finder for a request and bounds it by the retrieval budget. */
export function createSourcesService(options: SourcesServiceOptions) {
  const budgetMs = options.budgetMs ?? RETRIEVAL_BUDGET_MS;
  return {
    /**
     * The sources an explanation is grounded in, numbered [1]…[n], best first; empty when
     * retrieval is off, slow, down or finds nothing. Never throws.
     */
    async find(request: SourcesRequest): Promise<Source[]> {
      const finder = request.materialId ? options.material : options.wikipedia;
      if (!finder) return [];
      return numberSources(await withinBudget(finder, request, budgetMs));
    },
  };
}
export type SourcesService = ReturnType<typeof createSourcesService>;

export interface WikipediaSourcesOptions {
  /** WIKIPEDIA_URL, with `{lang}` for the edition. */
  baseUrl: string;
  /** Names the product and its support contact, as Wikimedia's policy asks. */
  userAgent: string;
  redis: SharedRedis | null;
  keyPrefix: string;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  breaker?: Partial<BreakerOptions> | undefined;
  /** One request's limit; below the budget so a slow page leaves time for the others. */
  requestTimeoutMs?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The REST client and the day-long cache (Redis when there is one) both Wikipedia readers use. */
function wikipediaParts(options: WikipediaSourcesOptions, defaultTimeoutMs: number) {
  return {
    client: createWikipediaClient({
      baseUrl: options.baseUrl,
      userAgent: options.userAgent,
      requestTimeoutMs: options.requestTimeoutMs ?? defaultTimeoutMs,
    }),
    cache: createSourcesCache({
      redis: options.redis,
      keyPrefix: options.keyPrefix,
      ttlMs: DAY_MS,
    }),
  };
}

/** Wikipedia as configured: REST client, 24-hour cache (Redis when there is one), breaker. */
export function createWikipediaSources(options: WikipediaSourcesOptions) {
  return createWikipediaFinder({
    ...wikipediaParts(options, 1200),
    log: options.log,
    ...(options.breaker ? { breaker: options.breaker } : {}),
  });
}

/** Whole Wikipedia articles for the no-key explainer (DESIGN.md §18), cached a day as summaries. */
export function createWikipediaArticleSource(options: WikipediaSourcesOptions) {
  return createWikipediaArticles(wikipediaParts(options, 2500));
}
