import type { Difficulty, LanguageId } from '@grasp/contract';
import { type ExplainInput, type ExplanationProvider, NeedsAiProviderError } from '../provider.ts';
import { answerFromExplanation } from './article-follow-up.ts';
import { quizFromExplanation } from './article-quiz.ts';
import { type Article, type ComposedExplanation, composeFromArticles } from './compose-article.ts';

/** What the explainer needs of Wikipedia: the sources feature's article finder, in its shape. */
export interface ArticleFinder {
  find(
    ask: { query: string; language: LanguageId; simple: boolean; signal: AbortSignal },
    limit?: number,
  ): Promise<{ articles: Article[]; titles: string[] }>;
}

export interface WikipediaExplainerOptions {
  /** Null when retrieval is off (SOURCES=off): the dictionary explains alone. */
  articles: ArticleFinder | null;
  /** The WordNet explainer: English when Wikipedia has nothing or cannot be reached. */
  dictionary: ExplanationProvider;
}

/** An explanation composed from Wikipedia, or null when it has too little to say. */
export async function explainFromWikipedia(
  articles: ArticleFinder,
  input: {
    query: string;
    template: ExplainInput['template'];
    difficulty: Difficulty;
    language: LanguageId;
    signal: AbortSignal;
  },
): Promise<ComposedExplanation | null> {
  const ask = {
    query: input.query,
    language: input.language,
    simple: input.difficulty === 'beginner',
    signal: input.signal,
  };
  const found = await articles.find(ask, 1);
  const options = { ...input, otherTitles: found.titles };
  const composed = composeFromArticles(found.articles, options);
  if (composed || found.articles.length === 0) return composed;
  // A short article: the next pages the search found add what it lacks.
  const more = await articles.find(ask, 3);
  return composeFromArticles(more.articles, options);
}

/** The answer as a provider streams it: the text, then the sources block the server lifts out. */
export function asProviderText(composed: ComposedExplanation): string[] {
  const sections = composed.markdown.split(/\n(?=## )/).map((s) => `${s.trimEnd()}\n\n`);
  return [...sections, `\`\`\`sources\n${JSON.stringify(composed.sources)}\n\`\`\`\n`];
}

/**
 * The no-key explainer (DESIGN.md §18): the Wikipedia article about the concept, in the
 * explanation's language, composed into the two-minute shape; the WordNet dictionary when
 * Wikipedia has nothing, in English only. The learning loop is the dictionary's.
 */
export function createWikipediaExplainer(options: WikipediaExplainerOptions): ExplanationProvider {
  const { dictionary, articles } = options;

  async function* stream(input: ExplainInput): AsyncIterable<string> {
    const language = input.language ?? 'en';
    // A learner's material grounds the dictionary's explainer, which is built from it.
    const material = input.sources?.some((s) => s.origin === 'document');
    const composed =
      articles && !material ? await explainFromWikipedia(articles, { ...input, language }) : null;
    if (composed) {
      for (const chunk of asProviderText(composed)) {
        input.signal.throwIfAborted();
        yield chunk;
      }
      return;
    }
    if (language !== 'en' && !material) {
      throw new NeedsAiProviderError(`Wikipedia has no article to explain this in ${language}`);
    }
    yield* dictionary.stream(input);
  }

  return {
    id: dictionary.id,
    get available() {
      return dictionary.available;
    },
    // Every language whose edition has the article; without Wikipedia, the dictionary's English.
    ...(articles === null && dictionary.languages ? { languages: dictionary.languages } : {}),
    grounding: 'own',
    async generate(input) {
      let text = '';
      for await (const chunk of stream(input)) text += chunk;
      return text;
    },
    stream,
    async *tutor(input) {
      // A Wikipedia-built explanation answers a follow-up from its own cited sentences.
      const built = input.explanation.sources?.some((s) => s.origin === 'wikipedia');
      const answer =
        built && input.task === 'follow-up'
          ? answerFromExplanation(input.question, input.explanation)
          : null;
      if (answer) yield answer;
      else yield* dictionary.tutor(input);
    },
    async quiz(input) {
      const built = input.explanation.sources?.some((s) => s.origin === 'wikipedia');
      return built ? quizFromExplanation(input) : dictionary.quiz(input);
    },
  };
}
