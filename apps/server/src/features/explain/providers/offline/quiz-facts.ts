import { relationTerms } from './blocks.ts';
import { gloss } from './concept.ts';
import type { ExplainContext } from './context.ts';
import type { Family, Relative } from './family.ts';
import { cap, isA, others, subjectName } from './phrases.ts';
import { mentions, namesAny, plainText } from './section-text.ts';
import type { Sense } from './wordnet.ts';

/** One thing the explanation says about its concept, ready to become a quiz question. */
export interface QuizFact {
  prompt: string;
  /** True answers, most useful first; the question uses the first one a section states. */
  answers: string[];
  /** Wrong options of the same kind, nearest tier first. */
  distractors: string[][];
  /** Also true, so never offered as a wrong option. */
  alsoTrue: string[];
  /** Whether a line of a section (plain text) states this fact with this answer. */
  states(line: string, answer: string): boolean;
  /** One sentence quoting the dictionary on why the answer is right. */
  why(answer: string): string;
}

const MAX_EXAMPLE_LENGTH = 140;

/** A line naming the answer next to words that show which fact it states. */
const withCue = (cue: RegExp) => (line: string, answer: string) =>
  cue.test(line) && mentions(line, answer);

/** "kind of force", "→ force": the answer itself must be the link, not a longer name ending in it. */
function statesChain(line: string, answer: string): boolean {
  const a = plainText(answer);
  const links = [`kind of ${a}`, `one way to ${a}`, `→ ${a}`, `${a} →`, `${a} is the parent`];
  if (links.some((link) => mentions(line, link))) return true;
  // The historical timeline lists the chain's levels: "…step by step: group." and its roots.
  const steps = /(?:step by step|broadest ideas wordnet has): (.*)\.$/.exec(line)?.[1];
  const levels = steps?.split(/ → |, | and /).map((step) => step.replace(/[“”]/g, '').trim());
  return levels?.includes(a) ?? false;
}

const names = (list: Relative[]) => list.map((r) => r.name);

/** Neighbours whose definitions do not name the concept: "female of the dog family" is too near. */
function apart(list: Relative[], sense: Sense): Relative[] {
  const own = [sense.lemma, ...sense.words];
  return list.filter((r) => !namesAny(plainText(r.definition), own));
}
const wrong = (list: Relative[], sense: Sense) => names(apart(list, sense));
const wrongGlosses = (list: Relative[], sense: Sense) =>
  apart(list, sense).map((r) => cap(gloss(r.definition)));

/** "X, which WordNet defines as “…”", for whys that teach one thing more. */
function defined(list: Relative[], name: string): string {
  const found = list.find((r) => r.name.toLowerCase() === name.toLowerCase());
  return found ? `, which it defines as “${gloss(found.definition)}”` : '';
}

function definitionFact(sense: Sense, family: Family, alternatives: Sense[]): QuizFact {
  const answer = cap(gloss(sense.definition));
  return {
    prompt:
      sense.pos === 'verb'
        ? `What does it mean to ${sense.lemma}?`
        : `Which of these describes ${sense.lemma}?`,
    answers: [answer],
    distractors: [wrongGlosses(family.siblings, sense), wrongGlosses(family.parentPeers, sense)],
    // Another sense of the same word is a true meaning of it, if not the one explained here.
    alsoTrue: alternatives.map((s) => gloss(s.definition)),
    states: mentions,
    why: () => `WordNet defines ${sense.lemma} as “${gloss(sense.definition)}”.`,
  };
}

function parentFact(sense: Sense, family: Family): QuizFact {
  return {
    // "In WordNet, music is…": the explainer's "a music" comes from a guess at countability.
    prompt:
      sense.pos === 'verb'
        ? `${cap(subjectName(sense))} is ${isA(sense)}…`
        : `In WordNet, ${sense.lemma} is ${isA(sense)}…`,
    answers: names(family.parents),
    distractors: [wrong(family.parentPeers, sense), wrong(family.siblings, sense)],
    alsoTrue: family.ancestors.flatMap((r) => r.words),
    states: statesChain,
    why: (answer) =>
      `WordNet files ${sense.lemma} under “${answer}”${defined(family.parents, answer)}.`,
  };
}

function grandparentFact(sense: Sense, family: Family): QuizFact | undefined {
  const [parent, grandparent] = sense.hypernyms;
  if (!parent || !grandparent) return undefined;
  return {
    prompt: `In WordNet's family tree, ${parent} is ${isA(sense)}…`,
    answers: [grandparent],
    distractors: [wrong(family.parentPeers, sense), wrong(family.siblings, sense)],
    alsoTrue: family.ancestors.flatMap((r) => r.words),
    states: statesChain,
    why: () => `WordNet's is-a chain runs ${sense.lemma} → ${parent} → ${grandparent}.`,
  };
}

function kindsFact(sense: Sense, family: Family): QuizFact {
  return {
    prompt:
      sense.pos === 'verb'
        ? `Which of these is a more specific way to ${sense.lemma}?`
        : `Which of these is a kind of ${sense.lemma}?`,
    answers: others(names(family.kinds), sense.lemma, 30),
    distractors: [wrong(family.siblings, sense), wrong(family.parentPeers, sense)],
    alsoTrue: [...family.kinds, ...family.instances].flatMap((r) => r.words),
    states: withCue(/kinds of|specific ways|own child|examples of kinds/i),
    why: (answer) =>
      `WordNet lists “${answer}” as ${isA(sense)} ${sense.lemma}${defined(family.kinds, answer)}.`,
  };
}

function instancesFact(sense: Sense, family: Family): QuizFact {
  return {
    prompt: `Which of these does WordNet name as an example of ${sense.lemma}?`,
    answers: names(family.instances),
    distractors: [wrong(family.neighbourInstances, sense)],
    alsoTrue: family.instances.flatMap((r) => r.words),
    states: withCue(/named examples|names these people/i),
    why: (answer) =>
      `WordNet names ${answer} as an instance of ${sense.lemma}${defined(family.instances, answer)}.`,
  };
}

/** Parts, members and substances: one fact each, all sharing what is also true. */
function partsFacts(sense: Sense, family: Family): [QuizFact, QuizFact, QuizFact] {
  const alsoTrue = [
    ...family.parts,
    ...family.members,
    ...family.substances,
    ...family.inheritedParts,
  ].flatMap((r) => r.words);
  const fact = (list: Relative[], prompt: string, cue: RegExp, relation: string): QuizFact => ({
    prompt,
    answers: names(list),
    distractors: [wrong(family.neighbourParts, sense)],
    alsoTrue,
    states: withCue(cue),
    why: (answer) =>
      `WordNet lists “${answer}” ${relation} ${sense.lemma}${defined(list, answer)}.`,
  });
  return [
    fact(
      family.parts,
      `Which of these does WordNet list as part of ${sense.lemma}?`,
      /parts include/i,
      'as part of',
    ),
    fact(
      family.members,
      `Which of these does WordNet list as a member of ${sense.lemma}?`,
      /members include/i,
      'as a member of',
    ),
    fact(
      family.substances,
      `Which of these does WordNet say ${sense.lemma} is made of?`,
      /made of/i,
      'as what makes up',
    ),
  ];
}

function exampleFact(sense: Sense, family: Family): QuizFact {
  const short = (list: string[]) => list.filter((e) => e.length <= MAX_EXAMPLE_LENGTH);
  const neighbours = (list: Relative[]) => short(list.flatMap((r) => r.examples.slice(0, 1)));
  return {
    prompt: `Which of these is one of WordNet's example sentences for “${sense.lemma}”?`,
    answers: short(sense.examples),
    distractors: [neighbours(family.siblings), neighbours(family.parentPeers)],
    alsoTrue: sense.examples,
    states: mentions,
    why: () =>
      `It is WordNet's own example of ${sense.lemma} in the sense “${gloss(sense.definition)}”.`,
  };
}

function synonymFact(sense: Sense, family: Family): QuizFact {
  return {
    prompt: `Which other word does WordNet give for ${sense.lemma}?`,
    answers: others(sense.words, sense.lemma, 10),
    distractors: [wrong(family.siblings, sense), wrong(family.parentPeers, sense)],
    alsoTrue: sense.words,
    states: withCue(/other words for it/i),
    why: (answer) => `WordNet lists “${answer}” among the words for “${gloss(sense.definition)}”.`,
  };
}

function antonymFact(sense: Sense, family: Family): QuizFact {
  return {
    prompt: `What does WordNet give as the opposite of ${sense.lemma}?`,
    answers: relationTerms(sense, ['antonym'], 10),
    distractors: [
      wrong(family.similar, sense),
      wrong(family.siblings, sense),
      wrong(family.parentPeers, sense),
    ],
    alsoTrue: family.antonyms.flatMap((r) => r.words),
    states: withCue(/opposite/i),
    why: (answer) =>
      `WordNet gives “${answer}” as the opposite of ${sense.lemma}${defined(family.antonyms, answer)}.`,
  };
}

/** A term of the explanation with its neighbourhood. */
export interface KnownTerm {
  sense: Sense;
  family: Family;
}

/** Every fact worth asking about, most telling first; extra terms of a phrase come last. */
export function quizFacts(
  ctx: ExplainContext,
  family: Family,
  extras: KnownTerm[] = [],
): QuizFact[] {
  const { main } = ctx;
  const [parts, members, substances] = partsFacts(main, family);
  const facts: (QuizFact | undefined)[] = [
    definitionFact(main, family, ctx.alternatives),
    parentFact(main, family),
    kindsFact(main, family),
    parts,
    exampleFact(main, family),
    instancesFact(main, family),
    synonymFact(main, family),
    grandparentFact(main, family),
    antonymFact(main, family),
    members,
    substances,
  ];
  for (const extra of extras) {
    facts.push(
      definitionFact(extra.sense, extra.family, []),
      parentFact(extra.sense, extra.family),
    );
  }
  return facts.filter((f): f is QuizFact => f !== undefined && f.answers.length > 0);
}
