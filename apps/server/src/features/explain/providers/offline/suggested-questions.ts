import { MAX_SUGGESTED_QUESTIONS } from '@grasp/contract';
import type { ExplainedConcept } from './concept.ts';
import type { Relative } from './family.ts';
import { isTopLevel, readQuestion } from './question-terms.ts';
import type { WordNet } from './wordnet.ts';

interface Suggestion {
  question: string;
  /** Terms the follow-up must find in it to answer what it asks. */
  terms: number;
}

/** Names a learner would type: letters only, at most three words. */
const typable = (name: string) => /^[\p{L}][\p{L} -]*$/u.test(name) && name.split(' ').length <= 3;

/**
 * One-word names first, then the most connected neighbours: the ones a learner is likeliest
 * to have heard of ("magnetism" rather than "van der Waal's forces").
 */
function central(list: Relative[]): Relative[] {
  const words = (r: Relative) => r.name.split(' ').length;
  return list
    .filter((r) => typable(r.name))
    .sort((a, b) => words(a) - words(b) || b.links - a.links);
}

/** Quoting the term reads right whatever it is ("a heat" and "rates" do not). */
const meaning = (relative: Relative) => `What does “${relative.name}” mean?`;

/** The grandparent when it is still specific ("force" for gravity), else the parent. */
function widerIdea(hypernyms: string[]): string | undefined {
  const [parent, grandparent] = hypernyms.filter(typable);
  const specific = (h?: string) => h !== undefined && !isTopLevel(h);
  // Four levels above it means the grandparent is not yet one of the broad roots.
  if (specific(grandparent) && hypernyms.length >= 6) return grandparent;
  return specific(parent) ? parent : undefined;
}

function candidates({ ctx, family }: ExplainedConcept): Suggestion[] {
  const { main } = ctx;
  const compare = (other: string) => ({
    question: `What is the difference between ${main.lemma} and ${other}?`,
    terms: 2,
  });
  const suggestions: Suggestion[] = ctx.extras.map((extra) => compare(extra.lemma));
  // A phrase's own terms are the comparison a learner wants; otherwise the nearest sibling.
  const [sibling] = [...central(family.siblings), ...central(family.parentPeers)];
  if (sibling && ctx.extras.length === 0) suggestions.push(compare(sibling.name));
  for (const sense of [main, ...ctx.extras]) {
    const wider = widerIdea(sense.hypernyms);
    if (wider)
      suggestions.push({ question: `How does ${sense.lemma} relate to ${wider}?`, terms: 2 });
  }
  const [closer] = [
    ...central([...family.parts, ...family.members, ...family.substances]),
    ...central(family.kinds),
  ];
  if (closer) suggestions.push({ question: meaning(closer), terms: 1 });
  if (family.antonyms.length > 0) {
    suggestions.push({ question: `What is the opposite of ${main.lemma}?`, terms: 1 });
  }
  return suggestions;
}

/**
 * Two or three questions a learner would ask next (DESIGN.md §8), built from the concept's
 * neighbours in WordNet. Each is kept only if the offline follow-up finds every term it names,
 * so a learner who taps one gets the answer it promises, never a refusal.
 */
export async function suggestedQuestions(
  concept: ExplainedConcept,
  wordnet: WordNet,
): Promise<string[]> {
  const kept: string[] = [];
  for (const { question, terms } of candidates(concept)) {
    if (kept.length === MAX_SUGGESTED_QUESTIONS) break;
    const read = await readQuestion(question, concept, wordnet);
    if (read.terms.length >= terms && read.unknown.length === 0) kept.push(question);
  }
  return kept;
}
