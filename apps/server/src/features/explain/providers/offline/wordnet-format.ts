/** Pure parsers for the WordNet 3.x database line formats (wndb(5WN)). */

export const PARTS_OF_SPEECH = ['noun', 'verb', 'adjective', 'adverb'] as const;
export type PartOfSpeech = (typeof PARTS_OF_SPEECH)[number];

/** File suffixes: index.noun, data.verb, adj.exc … */
export const POS_FILE: Record<PartOfSpeech, string> = {
  noun: 'noun',
  verb: 'verb',
  adjective: 'adj',
  adverb: 'adv',
};

/** Pointer targets name a part of speech by letter; `s` (satellite adjective) lives in data.adj. */
export function posFromLetter(letter: string): PartOfSpeech | undefined {
  switch (letter) {
    case 'n':
      return 'noun';
    case 'v':
      return 'verb';
    case 'a':
    case 's':
      return 'adjective';
    case 'r':
      return 'adverb';
    default:
      return undefined;
  }
}

export interface IndexEntry {
  lemma: string;
  /** Byte offsets into the data file, most frequent sense first. */
  offsets: number[];
}

export interface Pointer {
  symbol: string;
  offset: number;
  pos: PartOfSpeech;
  /** 1-based word numbers for lexical pointers; 0 when the pointer links whole synsets. */
  source: number;
  target: number;
}

export interface Synset {
  offset: number;
  pos: PartOfSpeech;
  words: string[];
  pointers: Pointer[];
  definition: string;
  examples: string[];
  /** People credited after a quoted example ("…"--Albert Einstein). */
  authors: string[];
}

/** `lemma pos synset_cnt p_cnt [ptr…] sense_cnt tagsense_cnt offset…` */
export function parseIndexLine(line: string): IndexEntry | undefined {
  const tokens = line.trim().split(/\s+/);
  const lemma = tokens[0];
  const count = Number(tokens[2]);
  if (!lemma || !Number.isInteger(count) || count < 1 || tokens.length < count + 4) {
    return undefined;
  }
  const offsets = tokens.slice(tokens.length - count).map(Number);
  return offsets.every(Number.isInteger) ? { lemma, offsets } : undefined;
}

/** `offset lex_filenum ss_type w_cnt word lex_id … p_cnt ptr… [frames] | gloss` */
export function parseDataLine(line: string): Synset | undefined {
  const bar = line.indexOf(' | ');
  const head = (bar >= 0 ? line.slice(0, bar) : line).trim().split(' ');
  const pos = posFromLetter(head[2] ?? '');
  const wordCount = Number.parseInt(head[3] ?? '', 16);
  if (!pos || !Number.isInteger(wordCount)) return undefined;
  const words: string[] = [];
  let i = 4;
  for (let w = 0; w < wordCount; w += 1, i += 2) words.push(displayWord(head[i] ?? ''));
  const pointerCount = Number(head[i]);
  i += 1;
  const pointers: Pointer[] = [];
  for (let p = 0; p < pointerCount; p += 1, i += 4) {
    const pointer = parsePointer(head[i], head[i + 1], head[i + 2], head[i + 3]);
    if (pointer) pointers.push(pointer);
  }
  const gloss = parseGloss(bar >= 0 ? line.slice(bar + 3) : '');
  return { offset: Number(head[0]), pos, words, pointers, ...gloss };
}

function parsePointer(
  symbol: string | undefined,
  offset: string | undefined,
  letter: string | undefined,
  sourceTarget: string | undefined,
): Pointer | undefined {
  const pos = posFromLetter(letter ?? '');
  if (!symbol || !pos || !offset || !sourceTarget) return undefined;
  return {
    symbol,
    offset: Number(offset),
    pos,
    source: Number.parseInt(sourceTarget.slice(0, 2), 16),
    target: Number.parseInt(sourceTarget.slice(2), 16),
  };
}

/** Collocations use underscores; adjectives may carry a syntactic marker such as `(a)`. */
export function displayWord(raw: string): string {
  return raw.replace(/\([a-z]+\)$/, '').replaceAll('_', ' ');
}

const QUOTE = /"([^"]*)"(?:\s*--\s*\(?([^;"]+?)\)?\s*(?=;|$))?/g;

/** The gloss holds the definition, then `; "example"` parts, some credited with `--Author`. */
export function parseGloss(gloss: string): Pick<Synset, 'definition' | 'examples' | 'authors'> {
  const text = gloss.trim();
  const firstQuote = text.search(/(^|;\s*)"/);
  const definition = (firstQuote >= 0 ? text.slice(0, firstQuote) : text)
    .replace(/[;\s]+$/, '')
    .trim();
  const examples: string[] = [];
  const authors: string[] = [];
  if (firstQuote >= 0) {
    for (const match of text.slice(firstQuote).matchAll(QUOTE)) {
      const example = match[1]?.trim();
      if (example) examples.push(example);
      const author = match[2]?.trim();
      if (author && !authors.includes(author)) authors.push(author);
    }
  }
  return { definition, examples, authors };
}
