/** A piece of a material that search returns and explanations cite. */
export interface PassageDraft {
  position: number;
  /** The PDF page it sits on; null for pasted text. */
  page: number | null;
  text: string;
}

/** Long enough to hold a paragraph's point, short enough to be a precise citation. */
const TARGET_CHARS = 700;
const MAX_CHARS = 1200;

const tidy = (text: string) =>
  text
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/-\n(?=\p{Ll})/gu, '')
    .trim();

/** Sentences of a block, each with its end mark; an over-long one is cut at MAX_CHARS. */
function sentencesOf(block: string): string[] {
  const found = block.replace(/\s+/g, ' ').match(/[^.!?]+(?:[.!?]+["'”’)\]]*|$)\s*/g) ?? [];
  return found
    .flatMap((s) => {
      const parts: string[] = [];
      for (let i = 0; i < s.length; i += MAX_CHARS) parts.push(s.slice(i, i + MAX_CHARS));
      return parts;
    })
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** Paragraphs (blank-line separated), or lines when the text has none (PDF text often). */
function blocksOf(text: string): string[] {
  const paragraphs = text.split(/\n\s*\n/);
  return paragraphs.map((p) => p.trim()).filter((p) => p.length > 0);
}

/**
 * Splits a material into passages that never cross a page: whole sentences gathered up to about
 * TARGET_CHARS, a paragraph break ending a passage once it is half full.
 */
export function splitIntoPassages(pages: readonly (string | null)[], paged: boolean) {
  const passages: PassageDraft[] = [];
  pages.forEach((raw, index) => {
    const page = paged ? index + 1 : null;
    let current = '';
    const flush = () => {
      if (current.trim()) passages.push({ position: passages.length, page, text: current.trim() });
      current = '';
    };
    for (const block of blocksOf(tidy(raw ?? ''))) {
      for (const sentence of sentencesOf(block)) {
        if (current && current.length + sentence.length + 1 > TARGET_CHARS) flush();
        current = current ? `${current} ${sentence}` : sentence;
      }
      if (current.length >= TARGET_CHARS / 2) flush();
    }
    flush();
  });
  return passages;
}

// Words every passage has: matching them would rank by noise.
const STOP_WORDS = new Set(
  'a an and are as at be by for from how in is it of on or that the to what when where which who why with'.split(
    ' ',
  ),
);

/** The words of a concept a search looks for: letters and digits only, so no query syntax leaks. */
export function searchWords(concept: string): string[] {
  const words = concept.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const meaningful = words.filter((w) => !STOP_WORDS.has(w));
  return [...new Set(meaningful.length > 0 ? meaningful : words)].slice(0, 12);
}
