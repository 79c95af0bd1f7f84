import { MAX_SUGGESTED_QUESTIONS } from '@grasp/contract';
import type { ExplainContext } from './context.ts';
import { byFamiliarity, type Relative } from './family.ts';
import { askable, isTopLevel } from './question-terms.ts';

const wordCount = (name: string) => name.split(' ').length;

/** Quoting the term reads right whatever it is ("a heat" and "rates" do not). */
const meaning = (term: string) => `What does “${term}” mean?`;

/** The grandparent when it is still specific ("force" for gravity), else the parent. */
function widerIdea(hypernyms: string[]): string | undefined {
  const [parent, grandparent] = hypernyms;
  const specific = (h?: string): h is string => h !== undefined && askable(h) && !isTopLevel(h);
  // Four levels above it means the grandparent is not yet one of the broad roots.
  if (specific(grandparent) && hypernyms.length >= 6) return grandparent;
  return specific(parent) ? parent : undefined;
}

/**
 * Two or three questions a learner would ask next (DESIGN.md §8), built from the concept's
 * neighbours in WordNet. Every term they name is askable, so the offline follow-up finds it and
 * a learner who taps one gets the answer it promises, never a refusal.
 */
export function suggestedQuestions(ctx: ExplainContext, siblings: Relative[]): string[] {
  const { main } = ctx;
  if (!askable(main.lemma)) return [];
  const compare = (other: string) => `What is the difference between ${main.lemma} and ${other}?`;
  const questions = ctx.extras.filter((e) => askable(e.lemma)).map((e) => compare(e.lemma));
  // A phrase's own terms are the comparison a learner wants; otherwise the nearest sibling.
  const own = main.words.map((w) => w.toLowerCase());
  const [sibling] = byFamiliarity(siblings).filter(
    (s) => askable(s.name) && !own.includes(s.name.toLowerCase()),
  );
  if (sibling && ctx.extras.length === 0) questions.push(compare(sibling.name));
  for (const sense of [main, ...ctx.extras]) {
    const wider = widerIdea(sense.hypernyms);
    if (wider && askable(sense.lemma))
      questions.push(`How does ${sense.lemma} relate to ${wider}?`);
  }
  const closer = [main.parts, main.members, main.substances, main.kinds]
    .flatMap((list) => list.filter(askable).sort((a, b) => wordCount(a) - wordCount(b)))
    .find((term) => term.toLowerCase() !== main.lemma.toLowerCase());
  if (closer) questions.push(meaning(closer));
  if (main.related.some((r) => r.relation === 'antonym')) {
    questions.push(`What is the opposite of ${main.lemma}?`);
  }
  return questions.slice(0, MAX_SUGGESTED_QUESTIONS);
}
