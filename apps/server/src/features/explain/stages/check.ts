import type { ExplainResponse, LanguageId, MaterialRef, Source } from '@grasp/contract';
import { cite } from '../../sources/index.ts';
import {
  extractGlossary,
  extractGraph,
  extractOwnSources,
  extractRelatedConcepts,
  extractSuggestedQuestions,
  isUsableAnswer,
} from '../answer.ts';
import { type ExplanationProvider, ProviderFailureError } from '../providers/provider.ts';

/** What the provider answered, shared by everyone who asks the same: no user's record in it. */
export type Answer = Omit<ExplainResponse, 'cached' | 'explanationId'>;

/** What the check stage knows of the ask besides the text. */
export interface CheckContext {
  provider: Pick<ExplanationProvider, 'id' | 'grounding'>;
  template: Answer['template'];
  difficulty: Answer['difficulty'];
  language: LanguageId;
  /** The sources the provider was given. */
  retrieved: readonly Source[];
  material?: MaterialRef | undefined;
}

/**
 * Stage 3, check and mend: the composed text taken apart into the answer (graph, questions,
 * glossary, its own sources), markers that point at no source dropped; a text with nothing
 * usable is a provider failure.
 */
export function checkAnswer(text: string, context: CheckContext): Answer {
  return parseAnswer(text, context).answer;
}

/** checkAnswer, and whether markers that point at no source were dropped (a mend). */
export function parseAnswer(
  text: string,
  context: CheckContext,
): { answer: Answer; citationsDropped: boolean } {
  const { provider, language, material } = context;
  const withoutGraph = extractGraph(text);
  const withoutQuestions = extractSuggestedQuestions(withoutGraph.markdown);
  const withoutGlossary = extractGlossary(withoutQuestions.markdown);
  const own = extractOwnSources(withoutGlossary.markdown);
  const { glossary } = withoutGlossary;
  const { graph } = withoutGraph;
  const ownSources = provider.grounding === 'own' && own.sources.length > 0;
  const { text: markdown, sources } = cite(
    own.markdown,
    ownSources ? own.sources : context.retrieved,
  );
  if (!isUsableAnswer(markdown))
    throw new ProviderFailureError('The provider answered with nothing usable');
  const answer: Answer = {
    response: markdown,
    provider: provider.id,
    template: context.template,
    difficulty: context.difficulty,
    language,
    relatedConcepts: extractRelatedConcepts(markdown),
    ...(graph ? { graph } : {}),
    // English answers carry none: the terms are the text's own words (DESIGN.md §9).
    ...(language !== 'en' && glossary.length > 0 ? { glossary } : {}),
    suggestedQuestions: withoutQuestions.questions,
    sources,
    ...(material ? { material } : {}),
  };
  return { answer, citationsDropped: markdown !== own.markdown };
}
