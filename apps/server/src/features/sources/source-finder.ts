import type { LanguageId, Source } from '@grasp/contract';

/** A source as a finder returns it: the prompt and the text number it later (`n`). */
export type RetrievedSource = Omit<Source, 'n'>;

/** What an explanation is about, asked of a finder before the provider is. */
export interface SourceAsk {
  /** The learner's query (the concept), as they typed it. */
  query: string;
  /** The explanation's language: a finder looks there first. */
  language: LanguageId;
  /** Present: ground in the learner's own material (origin "document") instead of Wikipedia. */
  materialId?: string | undefined;
  /** Whose request it is, for finders that must check ownership (a material). */
  userId?: string | undefined;
  /** Aborted when the retrieval budget is spent: a finder stops and its answer is dropped. */
  signal: AbortSignal;
}

/**
 * One kind of source (Wikipedia, a learner's material…). Best first; may throw or be slow: the
 * caller bounds it by the retrieval budget and answers without sources then.
 */
export type FindSources = (ask: SourceAsk) => Promise<RetrievedSource[]>;
