import { DISTILL_MAX_CONCEPTS } from '@grasp/contract';
import type { WordNet } from '../../explain/providers/offline/wordnet.ts';
import { nounPhrases } from './noun-phrases.ts';

/** A learner's material as the distillers read it: its title and passages in reading order. */
export interface MaterialText {
  title: string;
  passages: readonly string[];
}

// Enough to find what a book teaches; tagging a whole 300-page PDF would take seconds.
const MAX_CHARS = 150_000;
const MAX_WORDS = 3;
// Candidates checked against the dictionary: its lookups read files.
const VETTED = 60;
const KNOWN_BONUS = 1.5;
// Nouns of every text that name no concept to learn.
const FILLER = new Set(
  (
    'thing way part kind type lot example use number time year day case point fact ' +
    'page chapter section note notes figure table term class student teacher book text ' +
    'syllabus introduction summary question answer end start result form side place'
  ).split(' '),
);

interface Candidate {
  written: string;
  words: number;
  count: number;
  first: number;
}

const plain = (word: string) => /^\p{L}[\p{L}'-]+$/u.test(word) && word.length > 2;

/** Every noun, with the one or two words before it in its phrase, as candidate terms. */
function countCandidates(material: MaterialText): Map<string, Candidate> {
  const found = new Map<string, Candidate>();
  let read = 0;
  let order = 0;
  for (const passage of material.passages) {
    if (read >= MAX_CHARS) break;
    const text = passage.slice(0, MAX_CHARS - read);
    read += text.length;
    for (const phrase of nounPhrases(text)) {
      phrase.nouns.forEach((isNoun, end) => {
        if (!isNoun) return;
        for (let start = end; start >= 0 && end - start < MAX_WORDS; start -= 1) {
          const words = phrase.words.slice(start, end + 1);
          const base = [...words.slice(0, -1), phrase.lemmas[end] ?? ''].map((w) =>
            w.toLowerCase(),
          );
          if (!base.every(plain) || FILLER.has(base[base.length - 1] ?? '')) break;
          const key = base.join(' ');
          const seen = found.get(key);
          if (seen) seen.count += 1;
          else
            found.set(key, {
              written: words.join(' '),
              words: words.length,
              count: 1,
              first: order++,
            });
        }
      });
    }
  }
  return found;
}

/**
 * The terms a material teaches, the way the offline distiller can tell: nouns and short noun
 * phrases it uses often, longer phrases weighing more, those the dictionary knows more still
 * (and named as it names them). Returned in the order the material introduces them.
 */
export async function materialTerms(
  material: MaterialText,
  wordnet: WordNet,
  signal: AbortSignal,
): Promise<string[]> {
  const candidates = [...countCandidates(material)].map(([key, c]) => ({
    key,
    ...c,
    score: c.count * (1 + 0.6 * (c.words - 1)),
  }));
  const repeated = candidates.filter((c) => c.count > 1);
  const pool = (repeated.length >= DISTILL_MAX_CONCEPTS ? repeated : candidates)
    .sort((a, b) => b.score - a.score || a.first - b.first)
    .slice(0, VETTED);
  signal.throwIfAborted();
  const vetted = await Promise.all(
    pool.map(async (c) => {
      const known = await wordnet.resolve(c.key);
      const noun = known?.pos.includes('noun');
      const name = noun ? (known?.lemma ?? c.key) : /^\p{Lu}/u.test(c.written) ? c.written : c.key;
      return { ...c, name, score: noun ? c.score * KNOWN_BONUS : c.score };
    }),
  );
  signal.throwIfAborted();
  const chosen: typeof vetted = [];
  for (const c of vetted.sort((a, b) => b.score - a.score || a.first - b.first)) {
    if (chosen.length >= DISTILL_MAX_CONCEPTS) break;
    if (chosen.some((d) => d.name.toLowerCase() === c.name.toLowerCase())) continue;
    chosen.push(c);
  }
  return chosen.sort((a, b) => a.first - b.first).map((c) => c.name);
}
