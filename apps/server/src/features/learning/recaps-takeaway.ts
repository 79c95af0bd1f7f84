import { isRelatedTitle, parseExplanation, RECAP_TAKEAWAY_MAX_LENGTH } from '@grasp/contract';

// Titles the prompts and the offline explainer give the section a reader should keep.
const TAKEAWAY = /takeaway/i;
const KEEPSAKE =
  /what should i remember|key insight|moral|key points?|summary|in short|conclusion/i;
const ENOUGH = 80;

/** Markdown to plain lines: no fences, headings, quotes, list marks, emphasis or links. */
function plainLines(markdown: string): string[] {
  const lines: string[] = [];
  let fenced = false;
  for (const raw of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(raw)) {
      fenced = !fenced;
      continue;
    }
    const trimmed = raw.trim();
    // A line that is all emphasis is a note ("_From the WordNet lexical database._"), not text.
    if (fenced || !trimmed || /^#/.test(trimmed) || /^([_*]).*\1$/.test(trimmed)) continue;
    const text = trimmed
      .replace(/^>\s*/, '')
      .replace(/^(?:[-*+•]|\d{1,2}[.)])\s+/, '')
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\*\*|__|`|~~|(?<!\w)[*_]|[*_](?!\w)/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (text) lines.push(/[.!?…:]$/.test(text) ? text : `${text}.`);
  }
  return lines;
}

function sentencesOf(lines: readonly string[]): string[] {
  return lines.flatMap((line) =>
    line.split(/(?<=[.!?])\s+(?=["“(]?[\p{Lu}\p{N}])/u).filter((s) => s.trim() !== ''),
  );
}

function clip(text: string): string {
  if (text.length <= RECAP_TAKEAWAY_MAX_LENGTH) return text;
  const cut = text.slice(0, RECAP_TAKEAWAY_MAX_LENGTH - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).replace(/[\s,;:.-]+$/, '')}…`;
}

/**
 * What a recap shows first: the explanation's key-takeaway section (a sentence or two of it,
 * questions to the reader left out), else its first sentence.
 */
export function takeawayOf(markdown: string, query: string): string {
  const sections = parseExplanation(markdown).sections.filter(
    (s) => !isRelatedTitle(s.title) && s.content.trim() !== '',
  );
  const kept =
    sections.find((s) => TAKEAWAY.test(s.title)) ?? sections.find((s) => KEEPSAKE.test(s.title));
  if (kept) {
    const statements = sentencesOf(plainLines(kept.content)).filter((s) => !s.endsWith('?'));
    const chosen: string[] = [];
    for (const sentence of statements) {
      chosen.push(sentence);
      if (chosen.join(' ').length >= ENOUGH || chosen.length === 2) break;
    }
    if (chosen.length > 0) return clip(chosen.join(' '));
  }
  for (const section of sections) {
    const first = sentencesOf(plainLines(section.content))[0];
    if (first) return clip(first);
  }
  const anyText = sentencesOf(plainLines(markdown))[0];
  return clip(anyText ?? `Recall what you learned about ${query}.`);
}
