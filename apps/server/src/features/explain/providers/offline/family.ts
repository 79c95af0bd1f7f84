import type { Sense, WordNet } from './wordnet.ts';
import type { PartOfSpeech, Synset } from './wordnet-format.ts';

/** One WordNet meaning near the explained concept. */
export interface Relative {
  /** `pos:offset`: one meaning, whatever its words. */
  id: string;
  /** The word the link points at (its head word for links between meanings). */
  name: string;
  words: string[];
  pos: PartOfSpeech;
  definition: string;
  examples: string[];
  /** How many links WordNet records for it: a rough sign of how central a meaning is. */
  links: number;
}

/**
 * The concept's neighbourhood in WordNet's tree, read synset by synset: what the learning loop
 * needs for quiz distractors of the same kind, comparisons and the concept told another way.
 */
export interface Family {
  self: Relative;
  /** Every meaning above it on any is-a path, nearest first: never a wrong "kind of". */
  ancestors: Relative[];
  parents: Relative[];
  grandparents: Relative[];
  /** Other kinds of its parents. */
  siblings: Relative[];
  /** Other kinds of its grandparents: the level its parents sit at. */
  parentPeers: Relative[];
  kinds: Relative[];
  instances: Relative[];
  parts: Relative[];
  members: Relative[];
  substances: Relative[];
  /** Wholes it is a part, member or substance of. */
  wholes: Relative[];
  antonyms: Relative[];
  similar: Relative[];
  /** Parts, members and substances of its neighbours: parts, but of something else. */
  neighbourParts: Relative[];
  /** Parts its ancestors have, so also true of it: never a distractor. */
  inheritedParts: Relative[];
  neighbourInstances: Relative[];
}

const HYPERNYM = ['@', '@i'];
const ANY_PART = ['%p', '%m', '%s'];
// Enough of a crowded family (a "process" has hundreds of kinds) for distractors and analogies.
const MAX_PER_RELATION = 30;
const MAX_ANCESTORS = 40;

const idOf = (synset: Synset) => `${synset.pos}:${synset.offset}`;

function relative(synset: Synset, target = 0): Relative {
  return {
    id: idOf(synset),
    name: synset.words[target - 1] ?? synset.words[0] ?? '',
    words: synset.words,
    pos: synset.pos,
    definition: synset.definition,
    examples: synset.examples,
    links: synset.pointers.length,
  };
}

/**
 * One-word names first, then the most connected meanings: the ones a learner is likeliest to
 * have heard of ("magnetism" rather than "van der Waal's forces").
 */
export function byFamiliarity(list: Relative[]): Relative[] {
  const words = (r: Relative) => r.name.split(' ').length;
  return [...list].sort((a, b) => words(a) - words(b) || b.links - a.links);
}

/** One meaning per id, first seen first (a meaning can be reached by two paths). */
function unique(list: Relative[]): Relative[] {
  const byId = new Map<string, Relative>();
  for (const r of list) if (!byId.has(r.id)) byId.set(r.id, r);
  return [...byId.values()];
}

/** The synsets `from` links to by these pointer symbols, the first `max` of them. */
async function linked(
  wordnet: WordNet,
  from: Synset,
  symbols: readonly string[],
  max = MAX_PER_RELATION,
): Promise<Synset[]> {
  const pointers = from.pointers.filter((p) => symbols.includes(p.symbol)).slice(0, max);
  const found = await Promise.all(pointers.map((p) => wordnet.synset(p.pos, p.offset)));
  return found.filter((s): s is Synset => s !== undefined);
}

async function linkedFromAll(wordnet: WordNet, from: Synset[], symbols: readonly string[]) {
  return (await Promise.all(from.map((s) => linked(wordnet, s, symbols)))).flat();
}

/**
 * Other kinds of the sense's parents, else of its grandparents, read alone: the explainer
 * suggests a comparison with one, and an explanation should not pay for a whole family.
 */
export async function loadSiblings(wordnet: WordNet, sense: Sense): Promise<Relative[]> {
  const self = await wordnet.synset(sense.pos, sense.offset);
  if (!self) return [];
  const parents = await linked(wordnet, self, HYPERNYM);
  const others = (list: Synset[], skip: Synset[]) => {
    const own = new Set([self, ...skip].map(idOf));
    return unique(list.filter((s) => !own.has(idOf(s))).map((s) => relative(s)));
  };
  const siblings = others(await linkedFromAll(wordnet, parents, ['~']), parents);
  if (siblings.length > 0) return siblings;
  const grandparents = await linkedFromAll(wordnet, parents, HYPERNYM);
  return others(await linkedFromAll(wordnet, grandparents, ['~']), [...parents, ...grandparents]);
}

export async function loadFamily(wordnet: WordNet, sense: Sense): Promise<Family | undefined> {
  const self = await wordnet.synset(sense.pos, sense.offset);
  if (!self) return undefined;

  const synsets = (from: Synset, symbols: readonly string[], max = MAX_PER_RELATION) =>
    linked(wordnet, from, symbols, max);

  async function follow(from: Synset, symbols: readonly string[]): Promise<Relative[]> {
    const pointers = from.pointers.filter((p) => symbols.includes(p.symbol));
    const found = await Promise.all(
      pointers.slice(0, MAX_PER_RELATION).map(async (p) => {
        const target = await wordnet.synset(p.pos, p.offset);
        return target ? relative(target, p.target) : undefined;
      }),
    );
    return unique(found.filter((r): r is Relative => r !== undefined));
  }

  async function many(from: Synset[], symbols: readonly string[], max = MAX_PER_RELATION) {
    return (await Promise.all(from.map((s) => synsets(s, symbols, max)))).flat();
  }

  const parents = await synsets(self, HYPERNYM);
  const ancestors: Synset[] = [];
  const above = new Set([idOf(self)]);
  for (let level = parents; level.length > 0 && ancestors.length < MAX_ANCESTORS; ) {
    const fresh = level.filter((s) => !above.has(idOf(s)));
    for (const s of fresh) above.add(idOf(s));
    ancestors.push(...fresh);
    level = await many(fresh, HYPERNYM);
  }
  const grandparents = await many(parents, HYPERNYM);
  const [siblings, parentPeers, kinds, instances, parts, members, substances, wholes] =
    await Promise.all([
      many(parents, ['~']),
      many(grandparents, ['~']),
      follow(self, ['~']),
      follow(self, ['~i']),
      follow(self, ['%p']),
      follow(self, ['%m']),
      follow(self, ['%s']),
      follow(self, ['#p', '#m', '#s']),
    ]);
  const [antonyms, similar] = await Promise.all([follow(self, ['!']), follow(self, ['&', '^'])]);
  // Parts and named examples of neighbours cost extra reads: only when the concept has some.
  const neighbours = [...siblings, ...parentPeers].slice(0, MAX_PER_RELATION);
  const hasParts = parts.length + members.length + substances.length > 0;
  const [neighbourParts, inheritedParts, neighbourInstances] = await Promise.all([
    hasParts ? many(neighbours, ANY_PART, 3) : [],
    hasParts ? many(ancestors, ANY_PART) : [],
    instances.length > 0 ? many(neighbours, ['~i'], 3) : [],
  ]);

  const own = new Set([...above, ...kinds.map((k) => k.id)]);
  const outside = (list: Synset[]) =>
    unique(list.filter((s) => !own.has(idOf(s))).map((s) => relative(s)));
  return {
    self: relative(self),
    ancestors: ancestors.map((s) => relative(s)),
    parents: parents.map((s) => relative(s)),
    grandparents: unique(grandparents.map((s) => relative(s))),
    siblings: outside(siblings),
    parentPeers: outside(parentPeers),
    kinds,
    instances,
    parts,
    members,
    substances,
    wholes,
    antonyms,
    similar,
    neighbourParts: unique(neighbourParts.map((s) => relative(s))),
    inheritedParts: unique(inheritedParts.map((s) => relative(s))),
    neighbourInstances: unique(neighbourInstances.map((s) => relative(s))),
  };
}
