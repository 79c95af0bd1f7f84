import type { ExplainedConcept } from './concept.ts';
import type { Relative } from './family.ts';
import { buildSense } from './sense.ts';
import { STOP_WORDS } from './subject.ts';
import type { Sense, WordNet } from './wordnet.ts';

/**
 * What a follow-up asks for; the dictionary answers each from one relation, except `reason`
 * ("why…", "how does it work…"): it records meanings, not causes or mechanisms.
 */
export type Intent = 'define' | 'compare' | 'kinds' | 'parts' | 'examples' | 'opposite' | 'reason';

/** A term of the question the dictionary knows, in the sense nearest the explanation. */
export interface AskedTerm {
  sense: Sense;
  /** True when it is the explanation's own concept. */
  isConcept: boolean;
}

export interface ReadQuestion {
  terms: AskedTerm[];
  intent: Intent;
  unknown: string[];
  /** Names asked about that are words for the same meaning ("gravity", "gravitation"). */
  sameMeaning: string[];
}

// Words that shape a question without being its subject ("what is the difference between…").
const FILLER = new Set(
  (
    'difference differences different differ differs relate relates related relation ' +
    'relationship relationships connect connected connection compare compared comparison ' +
    'similar same alike kind kinds type types sort sorts example examples instance instances ' +
    'part parts opposite opposites mean meant meaning word words term terms thing things way ' +
    'ways happen happens use used called name named know tell give show real life world ' +
    'everyday practice important matter matters make makes like really actually other another ' +
    'exactly instead wordnet dictionary question answer something anything sense senses ' +
    'consist consists made include includes belong belongs vs versus'
  ).split(' '),
);

const PRONOUNS = /\b(it|its|this|that|they|them|these|those|one)\b/;

/** Two-term questions: the pattern names where each term sits. */
const PAIRS = [
  /difference between (.+?) and (.+)/,
  /how (?:does|do|is|are|can) (.+?) (?:relate|related|connect|connected|compare|differ|different|linked)(?: to| with| from)? (.+)/,
  /(?:is|are) (.+?) (?:a kind of|a type of|a form of|a sort of|a part of|part of|the same as|related to|different from) (.+)/,
  /(.+?) (?:vs|versus|compared to|compared with) (.+)/,
];

/** "what is a X", "define X", "what does X mean": nothing in the question but the term. */
const BARE_QUESTION =
  /^(?:what is|what's|what are|define|what does) (?:a |an |the )?(.+?)(?: mean)?$/;

const MAX_NGRAM = 3;
const MAX_TERMS = 2;
// Levels so general that sharing them says little about two meanings.
const TOP_LEVELS = new Set(
  (
    'entity,physical entity,abstraction,abstract entity,psychological feature,object,whole,' +
    'attribute,group,relation,matter,thing,content,cognition,state,condition,activity,act,' +
    'event,process,phenomenon,measure,communication'
  ).split(','),
);

/** Whether an is-a level is too general to say how two meanings are related. */
export function isTopLevel(term: string): boolean {
  return TOP_LEVELS.has(term.toLowerCase());
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[“”"]/g, ' ')
    .split(/[^\p{L}\p{N}'’-]+/u)
    .map((w) => w.replace(/^['’-]+|['’-]+$/g, ''))
    .filter((w) => w.length > 0);
}

const skippable = (word: string) =>
  STOP_WORDS.has(word) || FILLER.has(word) || /^\d+$/.test(word) || word.length < 2;

/**
 * Whether the follow-up reads `term` back as itself when a question names it: letters only, at
 * most three words, none of them a stop word, and not a filler word on its own.
 */
export function askable(term: string): boolean {
  const list = words(term);
  if (!/^[\p{L}][\p{L} -]*$/u.test(term) || list.length > MAX_NGRAM) return false;
  return list.length === 1 ? !skippable(list[0] ?? '') : !list.some((w) => STOP_WORDS.has(w));
}

function intentOf(text: string): Intent {
  if (/\b(difference|differ|compare|versus|vs|relate|related|connection)\b/.test(text)) {
    return 'compare';
  }
  if (/\b(opposite|antonym)/.test(text)) return 'opposite';
  if (/\b(parts?|made of|consists?|members?)\b/.test(text)) return 'parts';
  if (/\b(kinds?|types?|sorts?|forms?)\b/.test(text)) return 'kinds';
  if (/\b(examples?|sentences?|used)\b/.test(text)) return 'examples';
  return 'define';
}

/**
 * Known terms of a phrase, longest first at each position ("black hole" before "black"). Only
 * the index files are read, so checking a question costs little.
 */
async function knownTerms(list: string[], wordnet: WordNet, max: number): Promise<string[]> {
  const found: string[] = [];
  for (let i = 0; i < list.length && found.length < max; ) {
    let length = 1;
    for (let n = Math.min(MAX_NGRAM, list.length - i); n >= 1; n -= 1) {
      const gram = list.slice(i, i + n);
      const first = gram[0] ?? '';
      const last = gram[gram.length - 1] ?? '';
      // Filler words only shape questions alone: "dark matter" is a term, "matter" is not.
      if (n === 1 ? skippable(first) : STOP_WORDS.has(first) || STOP_WORDS.has(last)) continue;
      if (await wordnet.resolve(gram.join(' '))) {
        found.push(gram.join(' '));
        length = n;
        break;
      }
    }
    i += length;
  }
  return found;
}

/** The terms a question names, before choosing their senses. */
export interface FoundTerms {
  names: string[];
  intent: Intent;
  /** Parts of the question that name something the dictionary does not know. */
  unknown: string[];
}

/** Finds the terms of a question: scaffolding stripped, multi-word terms first. */
export async function findTerms(question: string, wordnet: WordNet): Promise<FoundTerms> {
  const text = words(question).join(' ');
  const pair = PAIRS.map((p) => p.exec(text)).find((m) => m !== null);
  const intent = !pair && /^(why|how)\b/.test(text) ? 'reason' : intentOf(text);
  const phrases = pair ? [pair[1] ?? '', pair[2] ?? ''] : [text];
  const names: string[] = [];
  const unknown: string[] = [];
  for (const phrase of phrases) {
    const terms = await knownTerms(words(phrase), wordnet, pair ? 1 : MAX_TERMS);
    if (terms.length === 0 && words(phrase).some((w) => !skippable(w))) unknown.push(phrase);
    names.push(...terms);
  }
  // "What is life?" asks about the very word the filler list would skip.
  const bare = BARE_QUESTION.exec(text)?.[1];
  if (names.length === 0 && bare && (await wordnet.resolve(bare))) {
    return { names: [bare], intent, unknown: [] };
  }
  return { names: names.slice(0, MAX_TERMS), intent, unknown };
}

/** The sense of a question's term that this explanation is about, or nearest to it. */
async function senseInContext(
  senses: Sense[],
  concept: ExplainedConcept,
  wordnet: WordNet,
  anchor: Sense,
): Promise<AskedTerm> {
  const { main } = concept.ctx;
  const lemma = (senses[0]?.lemma ?? '').toLowerCase();
  const own = main.words.map((w) => w.toLowerCase());
  if (senses.some((s) => s.pos === main.pos && s.offset === main.offset) || own.includes(lemma)) {
    return { sense: main, isConcept: true };
  }
  const { family } = concept;
  const neighbours: Relative[] = [
    ...family.parents,
    ...family.kinds,
    ...family.parts,
    ...family.members,
    ...family.substances,
    ...family.siblings,
    ...family.ancestors,
    ...family.parentPeers,
    ...family.instances,
    ...family.wholes,
    ...family.antonyms,
    ...family.similar,
  ];
  const neighbour = neighbours.find((r) => r.words.some((w) => w.toLowerCase() === lemma));
  if (neighbour) {
    const listed = senses.find((s) => `${s.pos}:${s.offset}` === neighbour.id);
    const sense = listed ?? (await senseOf(neighbour, lemma, wordnet));
    if (sense) return { sense, isConcept: false };
  }
  return { sense: nearest(senses, anchor), isConcept: false };
}

/** A neighbour's full sense, for a meaning past the few senses a look-up returns. */
async function senseOf(relative: Relative, lemma: string, wordnet: WordNet) {
  const offset = Number(relative.id.slice(relative.id.indexOf(':') + 1));
  const data = await wordnet.synset(relative.pos, offset);
  if (!data) return undefined;
  const context = { lemmaKey: lemma.replaceAll(' ', '_'), senseCount: 1, index: 0 };
  return buildSense(data, context, { synset: wordnet.synset, maxPerRelation: 12 });
}

/** The sense sharing the most specific is-a level with `anchor`; WordNet's first on a tie. */
function nearest(senses: Sense[], anchor: Sense): Sense {
  const mine = [anchor.lemma, ...anchor.hypernyms].map((h) => h.toLowerCase());
  let best = senses[0] ?? anchor;
  let bestLevel = Number.POSITIVE_INFINITY;
  for (const sense of senses) {
    // Its own name would match every sense of a word on the anchor's chain ("force").
    const theirs = new Set(sense.hypernyms.map((h) => h.toLowerCase()));
    const level = mine.findIndex((h) => theirs.has(h) && !isTopLevel(h));
    if (level >= 0 && level < bestLevel) {
      best = sense;
      bestLevel = level;
    }
  }
  return best;
}

/**
 * Reads a follow-up: its terms, each in the sense closest to the explanation. "It" and "this"
 * mean the explanation's own concept when the question asks for one of its relations ("what
 * are its parts?").
 */
export async function readQuestion(
  question: string,
  concept: ExplainedConcept,
  wordnet: WordNet,
): Promise<ReadQuestion> {
  const { names, intent, unknown } = await findTerms(question, wordnet);
  const terms: AskedTerm[] = [];
  const sameMeaning: string[] = [];
  for (const name of names) {
    // "gravity and force": the second term in the sense nearest the first, else the concept.
    const anchor = terms[0]?.sense ?? concept.ctx.main;
    const term = await senseInContext(await wordnet.lookup(name), concept, wordnet, anchor);
    const same = (t: AskedTerm) =>
      t.sense.pos === term.sense.pos && t.sense.offset === term.sense.offset;
    if (!terms.some(same)) terms.push(term);
    else sameMeaning.push(...names);
  }
  const text = words(question).join(' ');
  const asksAboutIt = intent !== 'define' || /\bmean\b/.test(text);
  if (terms.length === 0 && asksAboutIt && PRONOUNS.test(text)) {
    terms.push({ sense: concept.ctx.main, isConcept: true });
  }
  return { terms, intent, unknown, sameMeaning };
}
