import type { Difficulty } from '@grasp/contract';
import { cap, isA } from './phrases.ts';
import { isTopLevel } from './question-terms.ts';
import type { Sense } from './wordnet.ts';

/** How two meanings connect in WordNet, said in one sentence. */

const lower = (items: readonly string[]) => items.map((i) => i.toLowerCase());

/** "gravity → attraction → force", up to and including the level at `index`. */
function pathTo(sense: Sense, index: number): string {
  return [sense.lemma, ...sense.hypernyms.slice(0, index + 1)].join(' → ');
}

/** Where `above` sits on `below`'s is-a chain, or -1. */
function levelOf(below: Sense, above: Sense): number {
  const names = new Set(lower([above.lemma, ...above.words]));
  return lower(below.hypernyms).findIndex((h) => names.has(h));
}

function partLink(a: Sense, b: Sense): string | undefined {
  const named = (list: string[], s: Sense) => lower(list).includes(s.lemma.toLowerCase());
  if (named(a.partOf, b) || named(b.parts, a) || named(b.members, a) || named(b.substances, a)) {
    return `WordNet lists ${a.lemma} as part of ${b.lemma}.`;
  }
  return undefined;
}

function familyOf(sense: Sense): string {
  const [parent] = sense.hypernyms;
  return parent
    ? `${sense.lemma} is ${isA(sense)} ${parent}`
    : `${sense.lemma} has no is-a family in WordNet`;
}

export function linkSentence(a: Sense, b: Sense, level: Difficulty): string {
  const up = levelOf(a, b);
  if (up >= 0) return `In WordNet, ${a.lemma} is ${isA(a)} ${b.lemma}: ${pathTo(a, up)}.`;
  const down = levelOf(b, a);
  if (down >= 0) return `In WordNet, ${b.lemma} is ${isA(b)} ${a.lemma}: ${pathTo(b, down)}.`;
  const part = partLink(a, b) ?? partLink(b, a);
  if (part) return part;
  const theirs = lower(b.hypernyms);
  const shared = a.hypernyms.findIndex((h) => theirs.includes(h.toLowerCase()));
  const meet = a.hypernyms[shared];
  if (meet && !isTopLevel(meet)) {
    const kinds = a.pos === 'verb' && b.pos === 'verb' ? 'ways to' : 'kinds of';
    const paths =
      level === 'beginner'
        ? ''
        : ` (${pathTo(a, shared)}; ${pathTo(b, theirs.indexOf(meet.toLowerCase()))})`;
    return `Both are ${kinds} ${meet} in WordNet${paths}: what holds for every ${meet} holds for both, and their definitions say what sets each apart.`;
  }
  const general = meet ? `; they meet only at “${meet}”, a very general idea` : '';
  return `WordNet files ${a.lemma} and ${b.lemma} in different families: ${familyOf(a)}, while ${familyOf(b)}${general}.`;
}

/** "Like gravity, magnetism is a kind of attraction." for a term next to the concept. */
export function besideConcept(term: Sense, concept: Sense, level: Difficulty): string {
  const [parent] = term.hypernyms;
  if (parent && parent === concept.hypernyms[0]) {
    return `Like ${concept.lemma}, ${term.lemma} is ${isA(term)} ${parent} in WordNet.`;
  }
  return cap(linkSentence(term, concept, level));
}
