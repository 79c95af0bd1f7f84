/**
 * Sources (DESIGN.md §10): where an explanation comes from. Other features use only this module.
 *
 * A new kind of source is one more FindSources (see source-finder.ts) given to
 * createSourcesService; the prompt part (GROUNDING_RULE, sourcesBlock) and the citations
 * (cite, keepCitations) are the same for every kind.
 */
export {
  asFootnoteReferences,
  cite,
  citedNumbers,
  keepCitations,
  withoutCitations,
} from './cite.ts';
export {
  GROUNDING_RULE,
  MAX_PROMPT_EXTRACT_CHARS,
  MAX_SOURCES,
  numberSources,
  sourcesBlock,
} from './grounding-prompt.ts';
export { RETRIEVAL_BUDGET_MS, withinBudget } from './retrieval-budget.ts';
export type { FindSources, RetrievedSource, SourceAsk } from './source-finder.ts';
export {
  excerpt,
  firstSentence,
  isSearchable,
  plainText,
  scriptLanguage,
} from './source-text.ts';
export {
  createSourcesService,
  createWikipediaArticleSource,
  createWikipediaSources,
  type SourcesRequest,
  type SourcesService,
  type WikipediaSourcesOptions,
} from './sources.service.ts';
export { createSourcesCache, type SourcesCache } from './sources-cache.ts';
export type {
  ArticleAsk,
  ArticlesFound,
  FoundArticle,
  WikipediaArticles,
} from './wikipedia-articles.ts';
export type { BreakerOptions } from './wikipedia-finder.ts';
