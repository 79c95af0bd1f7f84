import type { LanguageId } from '@grasp/contract';
import { isSearchable, plainText } from './source-text.ts';
import type { SourcesCache } from './sources-cache.ts';
import type { WikipediaArticleText, WikipediaClient } from './wikipedia-client.ts';

/** A whole article, for an explanation composed from it (DESIGN.md §18). */
export interface FoundArticle extends WikipediaArticleText {
  language: LanguageId;
  /** "simple" for Simple English. */
  edition: LanguageId | 'simple';
}

export interface ArticleAsk {
  query: string;
  language: LanguageId;
  /** An English beginner reads Simple English where it has the article. */
  simple: boolean;
  signal: AbortSignal;
}

export interface ArticlesFound {
  /** The best articles, best first (at most `limit`). */
  articles: FoundArticle[];
  /** The titles of every page the search found, for related concepts. */
  titles: string[];
}

const SEARCH_LIMIT = 5;
const MAX_QUERY_CHARS = 200;

const isDisambiguation = (extract: string) =>
  /\bmay (?:also )?refer to\b|\bcan refer to\b/i.test(extract.slice(0, 600));

/**
 * Whole articles from Wikipedia: the REST search finds the titles, TextExtracts gives the text
 * (DESIGN.md §18). Each language from its own edition, never another's; searches and articles
 * are cached as summaries are. A failure is an empty answer: the caller falls back.
 */
export function createWikipediaArticles(options: { client: WikipediaClient; cache: SourcesCache }) {
  const { client, cache } = options;

  async function titles(edition: FoundArticle['edition'], query: string, signal: AbortSignal) {
    const key = `titles:${edition}:${query.toLowerCase()}`;
    const kept = await cache.get(key);
    if (Array.isArray(kept)) return kept as string[];
    const found = await client.searchTitles(edition, query, SEARCH_LIMIT, signal);
    await cache.set(key, found);
    return found;
  }

  async function article(edition: FoundArticle['edition'], title: string, signal: AbortSignal) {
    const key = `article:${edition}:${title}`;
    const kept = (await cache.get(key)) as { article: WikipediaArticleText | null } | undefined;
    if (kept && typeof kept === 'object' && 'article' in kept) return kept.article;
    const found = await client.article(edition, title, signal);
    await cache.set(key, { article: found });
    return found;
  }

  async function inEdition(
    edition: FoundArticle['edition'],
    language: LanguageId,
    query: string,
    limit: number,
    signal: AbortSignal,
  ): Promise<ArticlesFound> {
    const found = await titles(edition, query, signal);
    const articles: FoundArticle[] = [];
    for (const title of found) {
      if (articles.length >= limit) break;
      const text = await article(edition, title, signal);
      if (text && !isDisambiguation(text.extract)) articles.push({ ...text, language, edition });
    }
    return { articles, titles: found };
  }

  return {
    /** Up to `limit` articles about the query; none when Wikipedia has none or cannot be reached. */
    async find(ask: ArticleAsk, limit = 1): Promise<ArticlesFound> {
      if (!isSearchable(ask.query)) return { articles: [], titles: [] };
      const query = plainText(ask.query).slice(0, MAX_QUERY_CHARS);
      try {
        if (ask.simple && ask.language === 'en') {
          const simple = await inEdition('simple', 'en', query, limit, ask.signal);
          if (simple.articles.length > 0) return simple;
        }
        return await inEdition(ask.language, ask.language, query, limit, ask.signal);
      } catch {
        return { articles: [], titles: [] };
      }
    },
  };
}
export type WikipediaArticles = ReturnType<typeof createWikipediaArticles>;
