import type { Sense } from './wordnet.ts';

/** Sentence helpers that turn WordNet fields into readable English. */

export function cap(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function quote(text: string): string {
  return `“${text}”`;
}

/** "a", "a and b", "a, b and c". */
export function listText(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export function article(word: string): string {
  return /^[aeiou]/i.test(word) && !/^(uni|use|usu|one|eu)/i.test(word) ? 'an' : 'a';
}

/** Drops terms equal to the lemma itself so lists never say "gravity is like gravity". */
export function others(items: readonly string[], lemma: string, max: number): string[] {
  const own = lemma.toLowerCase();
  return items.filter((item) => item.toLowerCase() !== own).slice(0, max);
}

// A leading "(physics)" is a usage label; "(of a liquid)" is part of the definition itself.
const FIELD_LABEL =
  /^\((?!of |used |usually |often |especially |as |in )([a-z][a-z -]{1,30})\)\s+/i;

export function splitDefinition(definition: string): { field?: string; text: string } {
  const match = FIELD_LABEL.exec(definition);
  if (!match?.[1]) return { text: definition };
  return { field: match[1], text: definition.slice(match[0].length) };
}

/** The definition up to its first semicolon: the core of the meaning, for checklists. */
export function shortDefinition(sense: Sense): string {
  const { text } = splitDefinition(sense.definition);
  return (text.split(';')[0] ?? text).trim();
}

/** "A dog is a member of …", "To run is to move fast …", by part of speech. */
export function definitionSentence(sense: Sense, bold = true): string {
  const { field, text } = splitDefinition(sense.definition);
  let lead = '';
  let rest: string;
  switch (sense.pos) {
    case 'noun':
      lead = countable(sense) ? `${article(sense.lemma)} ` : '';
      rest = ` is ${text}`;
      break;
    case 'verb':
      lead = 'to ';
      rest = ` is to ${text}`;
      break;
    case 'adjective':
      lead = 'as an adjective, ';
      rest = ` describes something ${text}`;
      break;
    case 'adverb':
      lead = 'as an adverb, ';
      rest = ` means ${text}`;
      break;
  }
  // Capitalise whatever starts the sentence: the field, the lead words or the lemma itself.
  const first = !field && !lead;
  const lemma = first ? cap(sense.lemma) : sense.lemma;
  const name = bold ? `**${lemma}**` : lemma;
  const opening = field ? `In ${field}, ${lead}` : cap(lead);
  return `${opening}${name}${rest}.`;
}

/** "a kind of" for nouns, "one way to" for verbs (WordNet calls these troponyms). */
export function isA(sense: Sense): string {
  return sense.pos === 'verb' ? 'one way to' : 'a kind of';
}

/** Nouns defined as "a …" or "any …" are countable: "a dog", but plain "gravity". */
export function countable(sense: Pick<Sense, 'pos' | 'definition'>): boolean {
  return sense.pos === 'noun' && /^(a|an|any|one) /i.test(splitDefinition(sense.definition).text);
}

/** The lemma as a sentence subject: "a dog", "gravity", "to run". */
export function subjectName(sense: Sense): string {
  if (sense.pos === 'verb') return `to ${sense.lemma}`;
  return countable(sense) ? `${article(sense.lemma)} ${sense.lemma}` : sense.lemma;
}

/** "every dog" for countable nouns, the bare lemma otherwise. */
export function everyName(sense: Sense): string {
  return countable(sense) ? `every ${sense.lemma}` : sense.lemma;
}

/** "Gravity is a kind of attraction, which is a kind of force." */
export function chainSentence(sense: Sense, depth: number): string | undefined {
  const chain = sense.hypernyms.slice(0, depth);
  const [first, ...rest] = chain;
  if (!first) return undefined;
  const subject = cap(subjectName(sense));
  const tail = rest.map((h) => `, which is ${isA(sense)} ${h}`).join('');
  return `${subject} is ${isA(sense)} ${first}${tail}.`;
}

/** "gravity → attraction → force → … → entity". */
export function arrowChain(sense: Sense): string {
  return [sense.lemma, ...sense.hypernyms].join(' → ');
}

/** "X and Y are its own children" needs a verb that agrees with the list. */
export function areOrIs(items: readonly string[]): string {
  return items.length === 1 ? 'is' : 'are';
}
