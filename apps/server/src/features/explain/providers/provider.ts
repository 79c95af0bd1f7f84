import type {
  Difficulty,
  LanguageId,
  ProviderId,
  QuizDraft,
  ReExplainApproach,
  Source,
  TemplateId,
} from '@grasp/contract';
import type { Message } from '../../../lib/i18n.ts';

/** What every provider is asked: the server builds prompts from these, never the client. */
export interface ExplainInput {
  query: string;
  template: TemplateId;
  difficulty: Difficulty;
  /** The language to write in (DESIGN.md §9); absent: English. */
  language?: LanguageId;
  /** Passages to ground the text in and cite as [n] (DESIGN.md §10); absent or empty: none. */
  sources?: readonly Source[];
  /** Aborted on the 30 s timeout or when the caller goes away. */
  signal: AbortSignal;
  /** Asked again: what was wrong with the first answer (DESIGN.md §18). */
  feedback?: string | undefined;
}

/**
 * One source of explanations. Answers are markdown in the shape of DESIGN.md §7: `##` sections
 * with `(N-M seconds)` ranges, a Related Concepts section, and optionally one fenced
 * ```graph block holding {"nodes":[{id,label}],"edges":[{source,target,label?}]} that the server
 * parses out and validates.
 */
export interface ExplanationProvider {
  readonly id: ProviderId;
  /** False when its key or URL is not configured. */
  readonly available: boolean;
  /** The languages it can write; absent: every language of the contract. */
  readonly languages?: readonly LanguageId[];
  /**
   * 'own': the provider cites what it is built from (the offline dictionary) in a ```sources
   * block and is given no retrieved passages. Absent: grounded on retrieval before it is asked.
   */
  readonly grounding?: 'own';
  generate(input: ExplainInput): Promise<string>;
  /** Yields markdown text deltas in order; their concatenation equals what generate returns. */
  stream(input: ExplainInput): AsyncIterable<string>;
  /** A short answer of the learning loop (a follow-up, a section told again), as text deltas. */
  tutor(input: TutorInput): AsyncIterable<string>;
  /** A quiz on the explanation, unchecked: the caller validates it (DESIGN.md §8). */
  quiz(input: QuizInput): Promise<QuizDraft>;
}

/** One timed section of an explanation, as the reader sees it. */
export interface ExplanationSectionText {
  /** The title the web app shows (no time range, no emoji). */
  title: string;
  content: string;
}

/** The explanation a learning task is grounded in. */
export interface ExplanationContext {
  query: string;
  template: TemplateId;
  difficulty: Difficulty;
  language: LanguageId;
  /** The whole answer, markdown. */
  markdown: string;
  sections: ExplanationSectionText[];
  relatedConcepts: string[];
  /** What the explanation cites as [n]: a later answer cites the same numbers. */
  sources?: readonly Source[];
}

/** What a tutor is asked, before the call's signal is added. */
export type TutorRequest = { explanation: ExplanationContext } & (
  | { task: 'follow-up'; question: string }
  | { task: 're-explain'; section: ExplanationSectionText; approach: ReExplainApproach }
);
export type TutorInput = TutorRequest & { signal: AbortSignal };

export interface QuizRequest {
  explanation: ExplanationContext;
}
export type QuizInput = QuizRequest & { signal: AbortSignal };

/** The vendor was slow past the timeout. */
export class ProviderTimeoutError extends Error {
  override name = 'ProviderTimeoutError';
}

/** The vendor answered with an error (429, 5xx, bad key) or with nothing usable. */
export class ProviderFailureError extends Error {
  override name = 'ProviderFailureError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** The offline explainer knows none of the query's terms. */
export class UnknownConceptError extends Error {
  override name = 'UnknownConceptError';
  constructor(
    message: string,
    /** The same sentence as a catalog key and values, for the caller's language. */
    readonly messageRef?: Message,
  ) {
    super(message);
  }
}

/** The offline dictionary cannot do this; an AI provider can (422 NEEDS_AI_PROVIDER). */
export class NeedsAiProviderError extends Error {
  override name = 'NeedsAiProviderError';
}
