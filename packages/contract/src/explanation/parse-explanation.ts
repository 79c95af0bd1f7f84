import { MAX_RELATED_CONCEPTS, QUERY_MAX_LENGTH } from '../constants.ts';
import { DEFAULT_ICON, type IconName, iconForHeading, normaliseScript } from './section-icons.ts';

/**
 * The explanation parser of SPEC.md §5: markdown in, timed sections and related concepts out.
 * Pure (no React, no DOM) so every rule is a unit test.
 *
 * Two parsers share this module:
 * - the heading parser, used whenever the text has at least one `#` or `##` heading outside code
 *   fences: each such heading opens a section; positional ranges are DEFAULT_TIME_RANGES;
 * - the fallback parser, used when the text has no such heading at all (e.g. a provider ignored
 *   the format): blocks separated by blank lines become sections, a list block stays with the block
 *   before it, blocks beyond FALLBACK_TIME_RANGES.length merge into the last section, and ranges
 *   are FALLBACK_TIME_RANGES. A block whose first line is a `###` heading or a bold-only line uses
 *   it as its title; the others read "Overview" (first) and "Part N".
 */

export type TimeRange = readonly [start: number, end: number];

export const DEFAULT_TIME_RANGES: readonly TimeRange[] = [
  [0, 20],
  [20, 40],
  [40, 60],
  [60, 80],
  [80, 100],
  [100, 120],
];
export const FALLBACK_TIME_RANGES: readonly TimeRange[] = [
  [0, 10],
  [10, 30],
  [30, 60],
  [60, 90],
  [90, 110],
  [110, 120],
  [120, 130],
];

export interface ExplanationSection {
  title: string;
  /** Markdown body, trimmed. */
  content: string;
  timeRange: TimeRange;
  icon: IconName;
}

export interface ParsedExplanation {
  sections: ExplanationSection[];
  relatedConcepts: string[];
}

const RELATED_TITLE =
  /^(related concepts?|want to go deeper|further study|to learn more|learn more|related topics?|see also)\b/i;

/** How the related section's title starts in the other languages (DESIGN.md §9). */
export const RELATED_TITLE_STARTS: readonly string[] = [
  'संबंधित',
  'सम्बन्धित',
  'और जानें',
  'आगे पढ़ें',
  'अधिक जाणून',
  'সম্পর্কিত',
  'আরও জানুন',
  'আরো জানুন',
  'தொடர்புடைய',
  'மேலும் அறிய',
  'సంబంధిత',
  'మరింత తెలుసుకో',
].map(normaliseScript);

const HEADING = /^(#{1,2})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^[ \t]{0,3}(`{3,}|~{3,})/;
// "seconds" in English or in the other languages, digits in any of their scripts.
const RANGE =
  /\(\s*(\p{Nd}{1,4})\s*[-–—]\s*(\p{Nd}{1,4})\s*(?:seconds?|secs?|s|सेकंड|सेकण्ड|सेकेंड|সেকেন্ড|வினாடி(?:கள்)?|விநாடி(?:கள்)?|సెకన్లు|సెకండ్లు|సెకనులు)\s*\)/iu;
const LIST_ITEM = /^[ \t]*(?:[-*+]|\d+[.)])[ \t]+(.*)$/;
// A joiner goes only where it glues an emoji sequence: inside Bengali or Devanagari words it
// picks a letter's form, and removing it would change how the word is written.
const PICTOGRAPH =
  /\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]|\uFE0F|(?<=\p{Extended_Pictographic}|\uFE0F)\u200D|\u200D(?=\p{Extended_Pictographic})|\u20E3/gu;

/**
 * Removes the ```graph, ```questions and ```glossary blocks: the server parses them out, but a
 * streamed one may be half-written.
 */
export function stripGraphBlocks(markdown: string): string {
  const kept: string[] = [];
  let inGraph = false;
  for (const line of markdown.split('\n')) {
    if (!inGraph && /^[ \t]*```(?:graph|questions|glossary)\b/.test(line)) inGraph = true;
    else if (inGraph && /^[ \t]*```[ \t]*$/.test(line)) inGraph = false;
    else if (!inGraph) kept.push(line);
  }
  return kept.join('\n');
}

/** Zeros of the decimal digits a range may be written in: ASCII and the Indian scripts. */
const DIGIT_ZEROS = [0x30, 0x966, 0x9e6, 0xbe6, 0xc66];

function digitsValue(digits: string): number {
  let value = 0;
  for (const char of digits) {
    const code = char.codePointAt(0) ?? 0;
    const zero = DIGIT_ZEROS.find((z) => code >= z && code <= z + 9);
    if (zero === undefined) return Number.NaN;
    value = value * 10 + (code - zero);
  }
  return value;
}

/** The "(N-M seconds)" range of a heading, if it has one. */
export function parseTimeRange(heading: string): TimeRange | null {
  const match = RANGE.exec(heading);
  if (!match) return null;
  const range: TimeRange = [digitsValue(match[1] ?? ''), digitsValue(match[2] ?? '')];
  return Number.isNaN(range[0]) || Number.isNaN(range[1]) ? null : range;
}

/** The heading text a reader sees: no emoji, no range, no markdown emphasis. */
export function cleanTitle(heading: string): string {
  return stripInline(heading.replace(RANGE, '').replace(PICTOGRAPH, ''))
    .replace(/^[\s:–—-]+|[\s:–—-]+$/g, '')
    .replace(/\s{2,}/g, ' ');
}

export function isRelatedTitle(title: string): boolean {
  const trimmed = title.trim();
  if (RELATED_TITLE.test(trimmed)) return true;
  const native = normaliseScript(trimmed);
  return RELATED_TITLE_STARTS.some((start) => native.startsWith(start));
}

function rangeAt(ranges: readonly TimeRange[], index: number): TimeRange {
  // The last range repeats for every section past the table (SPEC.md §5).
  return ranges[Math.min(index, ranges.length - 1)] ?? [0, 0];
}

function stripInline(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|_|`|~~)/g, '')
    .trim();
}

/** A related-concept name from a list line: link text kept, emphasis and descriptions dropped. */
export function cleanConceptName(item: string): string {
  const plain = stripInline(item.replace(PICTOGRAPH, ''));
  // "Name: why it matters" and "Name - why it matters" keep only the name.
  const name = plain.split(/\s*:\s+|\s+[-–—]\s+/)[0] ?? '';
  return name.replace(/[.;,]+$/, '').trim();
}

interface Block {
  heading: string | null;
  lines: string[];
}

/** Splits at `#`/`##` lines outside code fences; text before the first heading has none. */
function splitAtHeadings(markdown: string): Block[] {
  const blocks: Block[] = [{ heading: null, lines: [] }];
  let fence: string | null = null;
  for (const line of markdown.split(/\r\n?|\n/)) {
    const fenceMatch = FENCE.exec(line);
    if (fenceMatch?.[1]) {
      const marker = fenceMatch[1];
      if (fence === null) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = null;
    }
    const heading = fence === null ? HEADING.exec(line) : null;
    const current = blocks[blocks.length - 1];
    if (heading) blocks.push({ heading: heading[2] ?? '', lines: [] });
    else current?.lines.push(line);
  }
  return blocks;
}

function listItems(lines: readonly string[]): string[] {
  const items: string[] = [];
  let fence = false;
  for (const line of lines) {
    if (FENCE.test(line)) fence = !fence;
    const match = fence ? null : LIST_ITEM.exec(line);
    if (match?.[1]) items.push(match[1]);
  }
  return items;
}

function keepConcepts(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of names) {
    const name = cleanConceptName(raw);
    const key = name.toLowerCase();
    if (!name || name.length > QUERY_MAX_LENGTH || seen.has(key)) continue;
    seen.add(key);
    kept.push(name);
    if (kept.length === MAX_RELATED_CONCEPTS) break;
  }
  return kept;
}

function relatedFromSection(lines: readonly string[]): string[] {
  const items = listItems(lines);
  if (items.length > 0) return items;
  // A prose answer such as "Osmosis, Diffusion and Enzymes" is split at commas.
  const firstLine = lines.find((line) => line.trim() !== '') ?? '';
  return firstLine.split(/\s*[,;]\s*/);
}

function parseWithHeadings(
  blocks: readonly Block[],
  allLines: readonly string[],
): ParsedExplanation {
  const sections: ExplanationSection[] = [];
  let related: string[] | null = null;
  for (const block of blocks) {
    const content = block.lines.join('\n').trim();
    const title = block.heading === null ? 'Overview' : cleanTitle(block.heading);
    if (block.heading !== null && isRelatedTitle(title)) {
      related ??= relatedFromSection(block.lines);
      continue;
    }
    // A heading with nothing under it is a document title, not a section.
    if (!content) continue;
    const heading = block.heading ?? '';
    sections.push({
      title: title || 'Section',
      content,
      timeRange: parseTimeRange(heading) ?? rangeAt(DEFAULT_TIME_RANGES, sections.length),
      icon: block.heading === null ? 'FileText' : iconForHeading(heading),
    });
  }
  return { sections, relatedConcepts: keepConcepts(related ?? listItems(allLines)) };
}

function fallbackBlocks(lines: readonly string[]): string[][] {
  const blocks: string[][] = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length === 0) return;
    const isList = LIST_ITEM.test(current[0] ?? '');
    const previous = blocks[blocks.length - 1];
    if (isList && previous) previous.push('', ...current);
    else blocks.push(current);
    current = [];
  };
  for (const line of lines) {
    if (line.trim() === '') flush();
    else current.push(line);
  }
  flush();
  return blocks;
}

function parseFallback(lines: readonly string[]): ParsedExplanation {
  const blocks = fallbackBlocks(lines);
  const limit = FALLBACK_TIME_RANGES.length;
  const kept = blocks.slice(0, limit);
  const last = kept[kept.length - 1];
  for (const extra of blocks.slice(limit)) last?.push('', ...extra);
  const sections = kept.map((block, index): ExplanationSection => {
    const first = block[0]?.trim() ?? '';
    const titleLine = /^#{3,6}[ \t]+(.+)$/.exec(first) ?? /^\*\*([^*]+)\*\*:?$/.exec(first);
    const heading = titleLine?.[1];
    const body = (heading ? block.slice(1) : block).join('\n').trim();
    const positional = index === 0 ? 'Overview' : `Part ${index + 1}`;
    return {
      // A title of only an emoji or a time range cleans to nothing; the card still needs one.
      title: (heading && cleanTitle(heading)) || positional,
      content: body || first,
      timeRange: (heading && parseTimeRange(heading)) || rangeAt(FALLBACK_TIME_RANGES, index),
      icon: heading ? iconForHeading(heading) : index === 0 ? 'FileText' : DEFAULT_ICON,
    };
  });
  return { sections, relatedConcepts: keepConcepts(listItems(lines)) };
}

/** Parses an explanation (complete or still streaming) into sections and related concepts. */
export function parseExplanation(markdown: string): ParsedExplanation {
  const text = stripGraphBlocks(markdown);
  const blocks = splitAtHeadings(text);
  const lines = blocks.flatMap((block) => block.lines);
  if (blocks.length > 1) return parseWithHeadings(blocks, lines);
  return parseFallback(lines);
}
