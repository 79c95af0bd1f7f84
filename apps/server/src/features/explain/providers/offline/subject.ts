import { UnknownConceptError } from '../provider.ts';
import type { Sense, WordNet } from './wordnet.ts';

/** One WordNet lemma the explanation is about. */
export interface Term {
  name: string;
  senses: Sense[];
}

/** What the offline explainer found for a query. */
export interface Subject {
  /** The query as shown back to the reader (tidied, never markdown). */
  query: string;
  /** True when WordNet knows the whole query as one lemma or collocation. */
  whole: boolean;
  terms: Term[];
  /** Words of a phrase that WordNet does not know. */
  unknownWords: string[];
}

const MAX_TERMS = 3;
const MAX_NGRAM = 3;

// Function words and question scaffolding: never worth explaining on their own.
export const STOP_WORDS = new Set(
  (
    'a an the and or nor but of in on at to for with without by from into onto over under about ' +
    'as is are was were be been being am do does did doing done has have had having it its this ' +
    'that these those there their they them he she his her we our you your i me my mine what ' +
    'which who whom whose why how when where explain explained define definition meaning mean ' +
    'means tell please vs versus between than then so such can could would should will shall ' +
    'may might must not no yes very more most less least also just some any all each every ' +
    'concept idea topic basics basic introduction intro overview work works simple simply'
  ).split(' '),
);

/** Tidies a query for display: one line, no markdown or HTML punctuation. */
export function displayQuery(query: string): string {
  return query
    .replace(/[^\p{L}\p{N}\s'’\-.,&/+:()?!]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function unknownConcept(query: string): UnknownConceptError {
  return new UnknownConceptError(
    `"${query.trim()}" is not in the offline dictionary. Configure an AI provider (for example GOOGLE_GENERATIVE_AI_API_KEY) to explain any concept.`,
    { key: 'server.notInDictionary', values: { query: query.trim() } },
  );
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}'’-]+/u)
    .map((w) => w.replace(/^['’-]+|['’-]+$/g, ''))
    .filter((w) => w.length > 0);
}

/** Finds the query as a whole, else its main terms (longest known n-grams first). */
export async function resolveSubject(query: string, wordnet: WordNet): Promise<Subject> {
  const display = displayQuery(query);
  const all = words(display);
  // "The Big Bang" is filed as "big bang": try the phrase without leading articles too.
  const trimmed = dropLeadingArticles(all);
  for (const candidate of new Set([all.join(' '), trimmed.join(' ')])) {
    if (!candidate) continue;
    const senses = await wordnet.lookup(candidate);
    if (senses.length > 0) {
      return { query: display, whole: true, terms: [term(senses)], unknownWords: [] };
    }
  }
  const { terms, unknownWords } = await findTerms(all, wordnet);
  if (terms.length === 0) throw unknownConcept(query);
  return { query: display, whole: false, terms: preferSharedSenses(terms), unknownWords };
}

function contentWords(sense: Sense): Set<string> {
  const text = `${sense.definition} ${sense.hypernyms.slice(0, 2).join(' ')}`;
  return new Set(words(text).filter((w) => w.length > 3 && !STOP_WORDS.has(w)));
}

/**
 * In a phrase the terms explain each other: "supply and demand" wants the senses about goods
 * and services, not "an amount of something". Puts first the sense sharing most words with the
 * other terms' senses; ties keep WordNet's frequency order.
 */
function preferSharedSenses(terms: Term[]): Term[] {
  if (terms.length < 2) return terms;
  return terms.map((t, i) => {
    const context = new Set(
      terms.flatMap((other, j) =>
        j === i ? [] : other.senses.flatMap((s) => [...contentWords(s)]),
      ),
    );
    let best = 0;
    let bestScore = 0;
    t.senses.forEach((sense, k) => {
      const score = [...contentWords(sense)].filter((w) => context.has(w)).length;
      if (score > bestScore) {
        best = k;
        bestScore = score;
      }
    });
    const chosen = t.senses[best];
    if (best === 0 || !chosen) return t;
    return { ...t, senses: [chosen, ...t.senses.filter((_, k) => k !== best)] };
  });
}

function dropLeadingArticles(list: string[]): string[] {
  let start = 0;
  while (start < list.length - 1 && ['the', 'a', 'an'].includes(list[start] ?? '')) start += 1;
  return list.slice(start);
}

function term(senses: Sense[]): Term {
  return { name: senses[0]?.lemma ?? '', senses };
}

async function findTerms(
  list: string[],
  wordnet: WordNet,
): Promise<Omit<Subject, 'query' | 'whole'>> {
  const terms: Term[] = [];
  const unknownWords: string[] = [];
  const seen = new Set<string>();
  let i = 0;
  while (i < list.length && terms.length < MAX_TERMS) {
    const found = await longestKnown(list, i, wordnet);
    if (found) {
      const key = found.term.name.toLowerCase();
      if (!seen.has(key)) terms.push(found.term);
      seen.add(key);
      i += found.length;
      continue;
    }
    const word = list[i] ?? '';
    if (!STOP_WORDS.has(word) && !/^\d+$/.test(word)) unknownWords.push(word);
    i += 1;
  }
  return { terms, unknownWords };
}

/** The longest n-gram starting at `start` that WordNet knows, skipping stop-word unigrams. */
async function longestKnown(
  list: string[],
  start: number,
  wordnet: WordNet,
): Promise<{ term: Term; length: number } | undefined> {
  for (let n = Math.min(MAX_NGRAM, list.length - start); n >= 1; n -= 1) {
    const gram = list.slice(start, start + n);
    const first = gram[0] ?? '';
    const last = gram[gram.length - 1] ?? '';
    if (STOP_WORDS.has(first) || STOP_WORDS.has(last) || first.length < 2) continue;
    const senses = await wordnet.lookup(gram.join(' '));
    if (senses.length > 0) return { term: term(senses), length: n };
  }
  return undefined;
}
