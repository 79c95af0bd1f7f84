import { type ExplanationContext, NeedsAiProviderError, UnknownConceptError } from '../provider.ts';
import { createContext, type ExplainContext } from './context.ts';
import { type Family, loadFamily } from './family.ts';
import { splitDefinition } from './phrases.ts';
import { resolveSubject } from './subject.ts';
import type { WordNet } from './wordnet.ts';

/** What an explanation was about, as the offline explainer saw it when writing it. */
export interface ExplainedConcept {
  ctx: ExplainContext;
  family: Family;
}

/**
 * Resolves the explanation's query and level again: the same steps as the explainer, so the
 * learning loop talks about the very sense the reader was shown.
 */
export async function explainedConcept(
  explanation: ExplanationContext,
  wordnet: WordNet,
): Promise<ExplainedConcept> {
  // The dictionary is English only (DESIGN.md §9).
  if (explanation.language !== 'en') {
    throw new NeedsAiProviderError(
      'The offline dictionary answers in English only; an AI provider can answer in this language.',
    );
  }
  const subject = await resolveSubject(explanation.query, wordnet).catch((error: unknown) => {
    if (error instanceof UnknownConceptError) throw notInDictionary(explanation.query);
    throw error;
  });
  const ctx = createContext(subject, explanation.difficulty);
  const family = ctx && (await loadFamily(wordnet, ctx.main));
  if (!ctx || !family) throw notInDictionary(explanation.query);
  return { ctx, family };
}

function notInDictionary(query: string): NeedsAiProviderError {
  return new NeedsAiProviderError(
    `"${query.trim()}" is not in the offline dictionary; an AI provider can help with it.`,
  );
}

/** A definition's core, without its "(physics)" label or the clauses after a semicolon. */
export function gloss(definition: string): string {
  // "(biology, chemistry)" is a label too, though the explainer's single-field rule keeps it.
  const { text } = splitDefinition(definition.replace(/^\([a-z]+(?:, [a-z]+)+\)\s+/i, ''));
  return (text.split(';')[0] ?? text).trim();
}
