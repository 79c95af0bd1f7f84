/**
 * A Wikipedia article's plain text (TextExtracts, `== Heading ==` sections) made into the
 * sentences a learner may read (DESIGN.md §18): no maths markup, lists, captions, hatnotes,
 * reference marks, pronunciations or asides, and nothing from the tail sections.
 */

/** One sentence of the article, cleaned, with where it stood. */
export interface ArticleSentence {
  text: string;
  /** The section's heading; '' for the lead. */
  section: string;
  /** Its place in the article, from 0: earlier sentences say more of what the thing is. */
  index: number;
}

/** Tail sections in every edition we read: what follows one of these is not prose. */
const TAIL_HEADINGS = new RegExp(
  [
    'see also',
    'related pages',
    'other websites',
    'references',
    'notes',
    'footnotes',
    'citations',
    'sources',
    'bibliography',
    'further reading',
    'external links',
    'gallery',
    'इन्हें भी देखें',
    'यह भी देखें',
    'सन्दर्भ',
    'संदर्भ',
    'बाहरी कड़ियाँ',
    'टिप्पणी',
    'हे सुद्धा पहा',
    'बाह्य दुवे',
    'আরও দেখুন',
    'তথ্যসূত্র',
    'বহিঃসংযোগ',
    'টীকা',
    'இவற்றையும் பார்க்க',
    'மேற்கோள்கள்',
    'வெளி இணைப்புகள்',
    'குறிப்புகள்',
    'ఇవి కూడా చూడండి',
    'మూలాలు',
    'బయటి లింకులు',
    'వనరులు',
  ].join('|'),
  'iu',
);

/** A heading that ends an article's prose. */
export const isTailHeading = (title: string) => TAIL_HEADINGS.test(title);

const HEADING = /^(={2,6})\s*(.+?)\s*\1\s*$/;
/** Sentence ends: Latin and Indic full stops, question and exclamation marks. */
const END = /[.!?।॥]/;
/** Words whose full stop ends no sentence. */
const ABBREVIATIONS =
  /(?:^|[\s(])(?:e\.g|i\.e|etc|vs|cf|approx|ca|c|Dr|Mr|Mrs|Ms|Prof|St|Jr|Sr|No|Fig|Vol|Mt|Ft|Gen|Col|Lt|Sgt|Capt|Co|Inc|Ltd|U\.S|U\.K|a\.m|p\.m|[A-Z])$/;
const HATNOTE =
  /^(?:for other uses|this article is about|not to be confused with|for the .{1,60}, see|"[^"]+" redirects here|main article:|see also:|further information:)/i;

/** Removes balanced groups opened by `open` (nested ones too), e.g. every "( … )". */
function withoutGroups(text: string, open: string, close: string): string {
  let out = '';
  let depth = 0;
  for (const ch of text) {
    if (ch === open) depth += 1;
    else if (ch === close && depth > 0) depth -= 1;
    else if (depth === 0) out += ch;
  }
  return out;
}

/** `{\displaystyle …}` and the like: TeX that TextExtracts leaves beside a formula. */
function withoutMaths(text: string): string {
  let out = text;
  for (let at = out.search(/\{\\/); at >= 0; at = out.search(/\{\\/)) {
    let depth = 0;
    let end = at;
    for (; end < out.length; end++) {
      if (out[end] === '{') depth += 1;
      else if (out[end] === '}' && --depth === 0) break;
    }
    out = `${out.slice(0, at)}${out.slice(end + 1)}`;
  }
  return out;
}

/** A sentence's text as the learner reads it. */
export function cleanSentence(text: string): string {
  return withoutGroups(
    withoutGroups(withoutGroups(withoutMaths(text), '(', ')'), '[', ']'),
    '（',
    '）',
  )
    .replace(/\/[^/\s][^/]{0,40}\//g, '') // an IPA transcription outside brackets
    .replace(/\s+([,.;:!?।])/g, '$1')
    .replace(/,\s*,/g, ',')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** Splits prose into sentences, leaving abbreviations, initials and decimals inside them. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? '';
    if (!END.test(ch)) continue;
    let end = i + 1;
    while (end < text.length && /[.!?"'”’)\]]/.test(text[end] ?? '')) end += 1;
    const next = text[end];
    if (next !== undefined && !/\s/.test(next)) continue; // 3.5, e.g.x, "U.S."
    if (ch === '.') {
      const before = text.slice(start, i);
      if (ABBREVIATIONS.test(before)) continue;
      // A lower-case word after the stop continues the sentence ("approx. two").
      const after = text.slice(end).trimStart();
      if (/^\p{Ll}/u.test(after) && /[a-z]$/i.test(before)) continue;
    }
    sentences.push(text.slice(start, end).trim());
    start = end;
    i = end - 1;
  }
  const rest = text.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences.filter(Boolean);
}

/** Prose lines end as sentences do; list items, captions and table rows do not. */
const isProse = (line: string) =>
  /[.!?।॥]["'”’)]*$/.test(line.replace(/(?:\[[^\]]{1,30}\])+$/, '')) &&
  line.split(/\s+/).length >= 5;

/** Is this a sentence a learner can read as it is? */
function readable(sentence: string): boolean {
  if (HATNOTE.test(sentence)) return false;
  if (/[{}\\=<>|]|https?:|\bmay refer to\b/i.test(sentence)) return false;
  const words = sentence.split(/\s+/).length;
  return words >= 4 && words <= 60 && /\p{L}{2}/u.test(sentence);
}

/** An article is a disambiguation page, not ground for an explanation. */
export const isDisambiguation = (extract: string) =>
  /\bmay (?:also )?refer to\b|\bcan refer to\b/i.test(extract.slice(0, 600));

/** More than two minutes ever takes, from the article's start: a long page's tail is detail. */
export const MAX_SENTENCES = 300;

/** The article's readable sentences, in order, tail sections left out. */
export function articleSentences(extract: string, max = MAX_SENTENCES): ArticleSentence[] {
  const sentences: ArticleSentence[] = [];
  let section = '';
  for (const raw of extract.split('\n')) {
    if (sentences.length >= max) break;
    const line = raw.trim();
    const heading = HEADING.exec(line);
    if (heading) {
      const title = heading[2] ?? '';
      if ((heading[1] ?? '').length === 2 && TAIL_HEADINGS.test(title)) break;
      section = title;
      continue;
    }
    if (!isProse(line)) continue;
    // Reference marks and maths go first: "oxygen.[1] The" is two sentences.
    const unmarked = withoutGroups(withoutMaths(line), '[', ']');
    for (const piece of splitSentences(unmarked)) {
      const text = cleanSentence(piece);
      if (readable(text)) sentences.push({ text, section, index: sentences.length });
    }
  }
  return sentences;
}

/** The items of the article's "See also" section: what a reader would look up next. */
export function seeAlso(extract: string): string[] {
  const lines = extract.split('\n');
  const at = lines.findIndex((l) => {
    const h = HEADING.exec(l.trim());
    return (
      h !== null &&
      /see also|related pages|इन्हें भी देखें|यह भी देखें|हे सुद्धा पहा|আরও দেখুন|இவற்றையும் பார்க்க|ఇవి కూడా చూడండి/iu.test(
        h[2] ?? '',
      )
    );
  });
  if (at < 0) return [];
  const items: string[] = [];
  for (const line of lines.slice(at + 1)) {
    if (HEADING.test(line.trim())) break;
    const item = line.replace(/^[\s*•-]+/, '').trim();
    if (item && item.length <= 60 && !/[.!?।]$/.test(item)) items.push(item);
  }
  return items;
}
