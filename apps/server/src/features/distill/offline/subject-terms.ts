import type { WordNet } from '../../explain/providers/offline/wordnet.ts';
import { type NounPhrase, nounPhrases } from './noun-phrases.ts';

/** A noun WordNet knows, found in the subject. */
export interface SubjectTerm {
  /** WordNet's base form, lower case ("printing press"): the key for comparisons. */
  key: string;
  /** The words as the subject spelled them ("Printing Presses"). */
  written: string;
}

const MAX_SPAN = 4;
// Short enough to be one name ("theory of relativity"), so worth trying as a whole first.
const MAX_WHOLE_WORDS = 4;

async function knownNoun(text: string, wordnet: WordNet): Promise<string | undefined> {
  const found = await wordnet.resolve(text);
  return found?.pos.includes('noun') ? found.lemma : undefined;
}

/**
 * Covers a phrase with the longest spans WordNet knows, left to right; a span must end in a
 * noun, so "green plants" (unknown as a whole) gives "plant", not "green".
 */
async function termsOfPhrase(phrase: NounPhrase, wordnet: WordNet): Promise<SubjectTerm[]> {
  const terms: SubjectTerm[] = [];
  let start = 0;
  while (start < phrase.words.length) {
    let taken = 1;
    for (let end = Math.min(phrase.words.length, start + MAX_SPAN); end > start; end -= 1) {
      if (!phrase.nouns[end - 1]) continue;
      const words = phrase.words.slice(start, end);
      const written = words.join(' ');
      // "laws" is a book of the Bible to WordNet; the base form "law" is what was meant.
      const base = [...words.slice(0, -1), phrase.lemmas[end - 1] ?? ''].join(' ');
      const key = (await knownNoun(base, wordnet)) ?? (await knownNoun(written, wordnet));
      if (key) {
        terms.push({ key, written });
        taken = end - start;
        break;
      }
    }
    start += taken;
  }
  return terms;
}

function dropLeadingArticles(text: string): string {
  return text.replace(/^(?:(?:the|a|an)\s+)+/i, '');
}

/**
 * The nouns of a subject that WordNet knows, in reading order and without repeats: the whole
 * subject when it is one WordNet name, else the terms of its noun phrases.
 */
export async function subjectTerms(
  subject: string,
  wordnet: WordNet,
  signal: AbortSignal,
): Promise<SubjectTerm[]> {
  const whole = dropLeadingArticles(subject.replace(/[?!.]+$/, '').trim());
  if (whole.split(/\s+/).length <= MAX_WHOLE_WORDS) {
    const key = await knownNoun(whole, wordnet);
    if (key) return [{ key, written: whole }];
  }
  const seen = new Set<string>();
  const terms: SubjectTerm[] = [];
  for (const phrase of nounPhrases(subject)) {
    signal.throwIfAborted();
    for (const term of await termsOfPhrase(phrase, wordnet)) {
      if (seen.has(term.key)) continue;
      seen.add(term.key);
      terms.push(term);
    }
  }
  return terms;
}
