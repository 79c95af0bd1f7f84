import type { ExplainInput, ExplanationProvider } from '../provider.ts';
import { buildGraph } from './concept-graph.ts';
import { createContext, type ExplainContext } from './context.ts';
import { loadSiblings } from './family.ts';
import { explainFromMaterial } from './from-material.ts';
import { renderDraft } from './layout.ts';
import { createOfflineTutor } from './offline-tutor.ts';
import { resolveSubject, unknownConcept } from './subject.ts';
import { suggestedQuestions } from './suggested-questions.ts';
import { draftFor } from './templates.ts';
import { createWordNet, type WordNet } from './wordnet.ts';

export interface OfflineProviderOptions {
  /** Shared with other features (the distiller) so they use one cache and one set of files. */
  wordnet?: WordNet;
}

/**
 * The embedded default provider of DESIGN.md §3: explanations composed from the WordNet
 * dictionary, labelled as such, in the two-minute shape of DESIGN.md §7.
 */
export function createOfflineProvider(options: OfflineProviderOptions = {}): ExplanationProvider {
  let wordnet = options.wordnet;
  // Opening nothing until the first request keeps start-up free of file I/O.
  const dictionary = () => {
    wordnet ??= createWordNet();
    return wordnet;
  };

  const learning = createOfflineTutor(dictionary);

  /** The ```questions block the server lifts out as suggestedQuestions (DESIGN.md §8). */
  async function questionsBlock(ctx: ExplainContext): Promise<string[]> {
    const siblings = await loadSiblings(dictionary(), ctx.main);
    const questions = suggestedQuestions(ctx, siblings);
    return questions.length ? [`\`\`\`questions\n${JSON.stringify(questions)}\n\`\`\`\n\n`] : [];
  }

  async function chunks(input: ExplainInput): Promise<string[]> {
    input.signal.throwIfAborted();
    // Grounded in the learner's material: its own sentences, not the dictionary's.
    const passages = input.sources?.filter((s) => s.origin === 'document') ?? [];
    if (passages.length > 0) return explainFromMaterial(input.query, passages);
    const subject = await resolveSubject(input.query, dictionary());
    input.signal.throwIfAborted();
    const ctx = createContext(subject, input.difficulty);
    if (!ctx) throw unknownConcept(input.query);
    const questions = await questionsBlock(ctx);
    input.signal.throwIfAborted();
    const graph = JSON.stringify(buildGraph(ctx));
    return [
      ...citeDefinition(renderDraft(draftFor(input.template, ctx)), ctx.main.definition),
      ...questions,
      `\`\`\`graph\n${graph}\n\`\`\`\n\n`,
      sourcesBlock(ctx),
    ];
  }

  return {
    id: 'offline',
    available: true,
    grounding: 'own',
    async generate(input) {
      return (await chunks(input)).join('');
    },
    async *stream(input) {
      for (const chunk of await chunks(input)) {
        input.signal.throwIfAborted();
        yield chunk;
      }
    },
    tutor: learning.tutor,
    quiz: learning.quiz,
  };
}

/**
 * The paragraph that gives the dictionary's definition cites it as [1]; where a style words it
 * so that it cannot be found, the first section's first paragraph does.
 */
function citeDefinition(sections: string[], definition: string): string[] {
  const gloss = definition.replace(/^\([^)]*\)\s*/, '').slice(0, 24);
  const cite = (section: string, from: number) => {
    const end = section.indexOf('\n\n', from);
    return end < 0
      ? `${section.trimEnd()} [1]\n\n`
      : `${section.slice(0, end)} [1]${section.slice(end)}`;
  };
  const at = sections.findIndex((section) => section.includes(gloss));
  if (at >= 0) {
    const section = sections[at] ?? '';
    return sections.map((s, i) => (i === at ? cite(section, section.indexOf(gloss)) : s));
  }
  const [first = '', ...rest] = sections;
  return [cite(first, first.indexOf('\n\n') + 2), ...rest];
}

/** The ```sources block the server lifts out: the dictionary entry the text is built from. */
function sourcesBlock(ctx: ExplainContext): string {
  const { lemma, definition } = ctx.main;
  const source = {
    title: `WordNet: ${lemma}`,
    url: 'https://wordnet.princeton.edu/',
    excerpt: `${lemma}: ${definition}`,
    origin: 'wordnet',
    language: 'en',
  };
  return `\`\`\`sources\n${JSON.stringify([source])}\n\`\`\`\n`;
}
