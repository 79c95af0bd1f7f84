import { createRequire } from 'node:module';
import type { ItemToken, ItsFunction, WinkMethods } from 'wink-nlp';

/** A run of words wink-nlp tagged as a noun phrase: adjectives and nouns ending in a noun. */
export interface NounPhrase {
  words: string[];
  /** Base forms ("presses" → "press"), which WordNet may know where the plural is another word. */
  lemmas: string[];
  /** Per word: true for a noun or proper noun, the only words a concept may end with. */
  nouns: boolean[];
}

const NOUN_TAGS = new Set(['NOUN', 'PROPN']);
const PHRASE_TAGS = new Set(['NOUN', 'PROPN', 'ADJ']);

let nlp: WinkMethods | undefined;

// The English model takes ~100 ms and ~7 MB of heap to load, so it waits for the first
// distillation; required, not imported, so the tagger stays synchronous.
function tagger(): WinkMethods {
  if (!nlp) {
    const require = createRequire(import.meta.url);
    const winkNLP = require('wink-nlp') as typeof import('wink-nlp').default;
    nlp = winkNLP(require('wink-eng-lite-web-model'));
  }
  return nlp;
}

interface Word {
  word: string;
  lemma: string;
  noun: boolean;
}

function closeRun(run: Word[], into: NounPhrase[]): void {
  // Trailing adjectives ("plants green") describe nothing in the phrase; drop them.
  while (run.length > 0 && !run[run.length - 1]?.noun) run.pop();
  if (run.length === 0) return;
  into.push({
    words: run.map((t) => t.word),
    lemmas: run.map((t) => t.lemma),
    nouns: run.map((t) => t.noun),
  });
}

/**
 * The subject's noun phrases in reading order: "history of the printing press" gives
 * [history] and [printing, press]. Possessives split phrases ("Newton's laws").
 */
export function nounPhrases(text: string): NounPhrase[] {
  const { its } = tagger();
  // wink-nlp's types give its.lemma a signature its own out() rejects; it works at run time.
  const lemmaOf = its.lemma as unknown as ItsFunction<string>;
  const doc = tagger().readDoc(text);
  const phrases: NounPhrase[] = [];
  let run: Word[] = [];
  doc.tokens().each((token: ItemToken) => {
    const pos = String(token.out(its.pos));
    const word = String(token.out(its.value));
    if (PHRASE_TAGS.has(pos) && /\p{L}/u.test(word)) {
      run.push({ word, lemma: String(token.out(lemmaOf)), noun: NOUN_TAGS.has(pos) });
      return;
    }
    closeRun(run, phrases);
    run = [];
  });
  closeRun(run, phrases);
  return phrases;
}
