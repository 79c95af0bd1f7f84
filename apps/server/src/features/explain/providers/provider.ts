import type { Difficulty, ProviderId, TemplateId } from '@grasp/contract';

/** What every provider is asked: the server builds prompts from these, never the client. */
export interface ExplainInput {
  query: string;
  template: TemplateId;
  difficulty: Difficulty;
  /** Aborted on the 30 s timeout or when the caller goes away. */
  signal: AbortSignal;
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
  generate(input: ExplainInput): Promise<string>;
  /** Yields markdown text deltas in order; their concatenation equals what generate returns. */
  stream(input: ExplainInput): AsyncIterable<string>;
}

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
}
