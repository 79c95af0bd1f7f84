/** Text from outside (Wikipedia, a material) made safe to show and to put in a prompt. */

import type { LanguageId } from '@grasp/contract';

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

/** Plain text: tags, entities and control characters out, whitespace collapsed. */
export function plainText(markup: string): string {
  return markup
    .replace(/<[^>]*>?/g, ' ')
    .replace(/&(#\d+|#x[\da-f]+|[a-z]+);/gi, (entity, name: string) => {
      const lower = name.toLowerCase();
      if (lower.startsWith('#x')) return safeChar(Number.parseInt(lower.slice(2), 16));
      if (lower.startsWith('#')) return safeChar(Number(lower.slice(1)));
      return ENTITIES[lower] ?? entity;
    })
    .replace(/[<>]/g, ' ')
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function safeChar(code: number): string {
  return Number.isInteger(code) && code > 31 && code < 0x110000 ? String.fromCodePoint(code) : ' ';
}

/** At most `max` characters, cut after a sentence or else a word, with an ellipsis when cut. */
export function excerpt(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const sentence = cut.search(/[.!?।](?=[^.!?।]*$)/);
  if (sentence > max / 2) return cut.slice(0, sentence + 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The first sentence, for a one-line excerpt under a source's title. */
export function firstSentence(text: string, max = 200): string {
  const end = text.search(/[.!?।](\s|$)/);
  return excerpt(end > 0 ? text.slice(0, end + 1) : text, max);
}

/**
 * Whether a query is worth sending to a search engine: it must hold a letter or a digit, and
 * must not be a link (a URL would ask Wikipedia about the address, and leak it).
 */
export function isSearchable(query: string): boolean {
  const text = query.trim();
  if (!/[\p{L}\p{N}]/u.test(text)) return false;
  return !/^(?:[a-z][\w+.-]*:\/\/|www\.)\S*$/i.test(text) && !/\b(?:https?|ftp):\/\//i.test(text);
}

/** The language a passage is written in, told by its script (Latin script: English). */
export function scriptLanguage(text: string): LanguageId {
  if (/\p{Script=Bengali}/u.test(text)) return 'bn';
  if (/\p{Script=Tamil}/u.test(text)) return 'ta';
  if (/\p{Script=Telugu}/u.test(text)) return 'te';
  // Marathi and Hindi share Devanagari; Hindi is the likelier reader's.
  if (/\p{Script=Devanagari}/u.test(text)) return 'hi';
  return 'en';
}
