import type { ExplainInput, ExplanationProvider } from '../provider.ts';
import { buildGraph } from './concept-graph.ts';
import { createContext } from './context.ts';
import { renderDraft } from './layout.ts';
import { createOfflineTutor } from './offline-tutor.ts';
import { resolveSubject, unknownConcept } from './subject.ts';
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

  async function chunks(input: ExplainInput): Promise<string[]> {
    input.signal.throwIfAborted();
    const subject = await resolveSubject(input.query, dictionary());
    input.signal.throwIfAborted();
    const ctx = createContext(subject, input.difficulty);
    if (!ctx) throw unknownConcept(input.query);
    const graph = JSON.stringify(buildGraph(ctx));
    return [...renderDraft(draftFor(input.template, ctx)), `\`\`\`graph\n${graph}\n\`\`\`\n`];
  }

  return {
    id: 'offline',
    available: true,
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
