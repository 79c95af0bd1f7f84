import type { Difficulty } from '@grasp/contract';
import { cap } from './phrases.ts';
import type { Subject } from './subject.ts';
import type { Sense } from './wordnet.ts';

/** How much of WordNet each difficulty shows: deeper levels add breadth and relations. */
export interface Depth {
  chain: number;
  kinds: number;
  parts: number;
  examples: number;
  otherSenses: number;
  relations: number;
  synonyms: number;
  graphNodes: number;
}

export const DEPTHS: Record<Difficulty, Depth> = {
  beginner: {
    chain: 2,
    kinds: 3,
    parts: 2,
    examples: 1,
    otherSenses: 0,
    relations: 2,
    synonyms: 2,
    graphNodes: 6,
  },
  intermediate: {
    chain: 4,
    kinds: 5,
    parts: 3,
    examples: 2,
    otherSenses: 1,
    relations: 4,
    synonyms: 4,
    graphNodes: 9,
  },
  advanced: {
    chain: 30,
    kinds: 8,
    parts: 5,
    examples: 3,
    otherSenses: 3,
    relations: 8,
    synonyms: 6,
    graphNodes: 12,
  },
};

/** Everything a template needs to write about a subject at one difficulty. */
export interface ExplainContext {
  subject: Subject;
  level: Difficulty;
  depth: Depth;
  /** The first sense of the first term: what the explanation is mainly about. */
  main: Sense;
  /** First senses of the phrase's other main terms. */
  extras: Sense[];
  /** Other senses of the main term (any part of speech). */
  alternatives: Sense[];
  /** Display name used in headings ("Gravity", "Supply and Demand"). */
  title: string;
}

export function createContext(subject: Subject, level: Difficulty): ExplainContext | undefined {
  const [first, ...rest] = subject.terms;
  const main = first?.senses[0];
  if (!first || !main) return undefined;
  const extras = rest.flatMap((t) => (t.senses[0] ? [t.senses[0]] : []));
  // A question around one known term ("what is gravity?") is titled by the term.
  const title = subject.whole || subject.terms.length === 1 ? main.lemma : subject.query;
  return {
    subject,
    level,
    depth: DEPTHS[level],
    main,
    extras,
    alternatives: first.senses.slice(1),
    title: titleCase(title),
  };
}

function titleCase(text: string): string {
  return text
    .split(' ')
    .map((w) => (/^(and|or|of|the|a|an|in|on|to|for|vs)$/i.test(w) ? w.toLowerCase() : cap(w)))
    .join(' ')
    .replace(/^./, (c) => c.toUpperCase());
}
