import type { PartOfSpeech, Pointer, Synset } from './wordnet-format.ts';

export type Relation =
  | 'antonym'
  | 'similar'
  | 'also-see'
  | 'attribute'
  | 'derivation'
  | 'domain'
  | 'pertainym'
  | 'entailment'
  | 'cause';

export interface RelatedTerm {
  relation: Relation;
  term: string;
}

/** One meaning of a word, with the neighbourhood the explainer needs. */
export interface Sense {
  pos: PartOfSpeech;
  /** Where its synset sits in the data file: the learning loop walks its neighbours from here. */
  offset: number;
  /** The base form that matched, for display ("black hole"). */
  lemma: string;
  /** 1-based rank of this sense among the lemma's senses in this part of speech. */
  senseNumber: number;
  senseCount: number;
  words: string[];
  definition: string;
  examples: string[];
  authors: string[];
  /** Is-a chain through the first hypernym of each level, nearest first, ending at the root. */
  hypernyms: string[];
  /** Every direct hypernym (a dog is both a canine and a domestic animal). */
  directHypernyms: string[];
  kinds: string[];
  /** Named individuals (Etna for volcano). */
  instances: string[];
  parts: string[];
  members: string[];
  substances: string[];
  /** Wholes this is a part, member or substance of. */
  partOf: string[];
  related: RelatedTerm[];
}

export interface SenseContext {
  lemmaKey: string;
  senseCount: number;
  index: number;
}

export interface SenseDeps {
  synset(pos: PartOfSpeech, offset: number): Promise<Synset | undefined>;
  maxPerRelation: number;
}

const RELATION_BY_SYMBOL: Record<string, Relation> = {
  '!': 'antonym',
  '&': 'similar',
  '^': 'also-see',
  '=': 'attribute',
  '+': 'derivation',
  ';c': 'domain',
  ';r': 'domain',
  ';u': 'domain',
  '\\': 'pertainym',
  '*': 'entailment',
  '>': 'cause',
};

const MAX_CHAIN = 20;

export async function buildSense(
  data: Synset,
  context: SenseContext,
  deps: SenseDeps,
): Promise<Sense> {
  const terms = (symbols: readonly string[]) => termsFor(data, symbols, deps);
  const [
    hypernyms,
    directHypernyms,
    kinds,
    instances,
    parts,
    members,
    substances,
    partOf,
    related,
  ] = await Promise.all([
    chain(data, deps),
    terms(['@', '@i']),
    terms(['~']),
    terms(['~i']),
    terms(['%p']),
    terms(['%m']),
    terms(['%s']),
    terms(['#p', '#m', '#s']),
    relatedTerms(data, deps),
  ]);
  const lemma = context.lemmaKey.replaceAll('_', ' ');
  return {
    pos: data.pos,
    offset: data.offset,
    lemma: data.words.find((w) => w.toLowerCase() === lemma) ?? lemma,
    senseNumber: context.index + 1,
    senseCount: context.senseCount,
    words: data.words,
    definition: data.definition,
    examples: data.examples,
    authors: data.authors,
    hypernyms,
    directHypernyms,
    kinds,
    instances,
    parts,
    members,
    substances,
    partOf,
    related,
  };
}

/** The word a pointer names: its target word for lexical pointers, else the synset's head word. */
async function pointedTerm(pointer: Pointer, deps: SenseDeps): Promise<string | undefined> {
  const target = await deps.synset(pointer.pos, pointer.offset);
  if (!target) return undefined;
  return target.words[pointer.target - 1] ?? target.words[0];
}

async function termsFor(
  data: Synset,
  symbols: readonly string[],
  deps: SenseDeps,
): Promise<string[]> {
  const pointers = data.pointers
    .filter((p) => symbols.includes(p.symbol))
    .slice(0, deps.maxPerRelation);
  const found = await Promise.all(pointers.map((p) => pointedTerm(p, deps)));
  return unique(found);
}

async function relatedTerms(data: Synset, deps: SenseDeps): Promise<RelatedTerm[]> {
  const pointers = data.pointers.filter((p) => RELATION_BY_SYMBOL[p.symbol] !== undefined);
  const found = await Promise.all(
    pointers.slice(0, deps.maxPerRelation * 2).map(async (p) => {
      const term = await pointedTerm(p, deps);
      const relation = RELATION_BY_SYMBOL[p.symbol];
      return term && relation ? { relation, term } : undefined;
    }),
  );
  const own = new Set(data.words.map((w) => w.toLowerCase()));
  const seen = new Set<string>();
  return found.filter((r): r is RelatedTerm => {
    if (!r || own.has(r.term.toLowerCase())) return false;
    const key = `${r.relation}:${r.term.toLowerCase()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Follows the first hypernym of each level up to the root (nouns end at "entity"). */
async function chain(data: Synset, deps: SenseDeps): Promise<string[]> {
  const result: string[] = [];
  const visited = new Set<string>([`${data.pos}:${data.offset}`]);
  let current: Synset | undefined = data;
  while (current && result.length < MAX_CHAIN) {
    const up = current.pointers.find((p) => p.symbol === '@' || p.symbol === '@i');
    if (!up || visited.has(`${up.pos}:${up.offset}`)) break;
    visited.add(`${up.pos}:${up.offset}`);
    current = await deps.synset(up.pos, up.offset);
    const word = current?.words[0];
    if (word) result.push(word);
  }
  return result;
}

function unique(items: readonly (string | undefined)[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const item of items) {
    if (item && !seen.has(item.toLowerCase())) {
      seen.add(item.toLowerCase());
      result.push(item);
    }
  }
  return result;
}
