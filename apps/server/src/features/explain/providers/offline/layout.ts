import { countWords } from '../../answer.ts';

/** Fits a drafted explanation into the two-minute shape and renders it as markdown chunks. */

/** A paragraph or list; `drop` marks it optional (higher numbers are dropped first). */
export interface Part {
  text: string;
  drop?: number;
}

export interface DraftSection {
  title: string;
  parts: Part[];
}

export interface Draft {
  sections: DraftSection[];
  related: string[];
  /** Generic, truthful sentences appended to the last section when the text runs short. */
  pads: string[];
}

// Inside DESIGN.md §7's 150–475 words, with a margin either side.
const MIN_WORDS = 165;
const MAX_WORDS = 455;
const TOTAL_SECONDS = 120;
const STEP = 5;

/** Markdown chunks in order: one per timed section, then related concepts. */
export function renderDraft(draft: Draft): string[] {
  const sections = fitWords(draft);
  const ranges = timeRanges(sections.map((s) => countWords(sectionBody(s))));
  const chunks = sections.map((s, i) => {
    const [from, to] = ranges[i] ?? [0, TOTAL_SECONDS];
    return `## ${s.title} (${from}-${to} seconds)\n\n${sectionBody(s)}\n\n`;
  });
  chunks.push(relatedChunk(draft.related));
  return chunks;
}

function sectionBody(section: DraftSection): string {
  return section.parts.map((p) => p.text).join('\n\n');
}

function relatedChunk(related: string[]): string {
  return `## Related Concepts\n\n${related.map((r) => `- ${r}`).join('\n')}\n\n`;
}

function totalWords(sections: DraftSection[], related: string[]): number {
  const headings = sections.map((s) => `## ${s.title} (0-0 seconds)`).join('\n');
  return countWords(
    `${headings}\n${sections.map(sectionBody).join('\n')}\n${relatedChunk(related)}`,
  );
}

function fitWords(draft: Draft): DraftSection[] {
  const sections = draft.sections
    .map((s) => ({ title: s.title, parts: s.parts.filter((p) => p.text.trim().length > 0) }))
    .filter((s) => s.parts.length > 0);
  while (totalWords(sections, draft.related) > MAX_WORDS && dropOne(sections)) {
    // dropOne removed the most optional part; measure again.
  }
  const last = sections[sections.length - 1];
  for (const pad of draft.pads) {
    if (!last || totalWords(sections, draft.related) >= MIN_WORDS) break;
    last.parts.push({ text: pad });
  }
  return sections;
}

/** Removes the most optional part (latest among equals); false when nothing is optional. */
function dropOne(sections: DraftSection[]): boolean {
  let best: { section: DraftSection; index: number; drop: number } | undefined;
  for (const section of sections) {
    section.parts.forEach((part, index) => {
      if (part.drop !== undefined && (!best || part.drop >= best.drop)) {
        best = { section, index, drop: part.drop };
      }
    });
  }
  if (!best) return false;
  best.section.parts.splice(best.index, 1);
  return true;
}

/** Contiguous ranges ending at 120 s, each proportional to its section's words. */
export function timeRanges(words: number[]): [number, number][] {
  const total = Math.max(
    1,
    words.reduce((a, b) => a + b, 0),
  );
  const ranges: [number, number][] = [];
  let start = 0;
  let cumulative = 0;
  words.forEach((count, i) => {
    cumulative += count;
    const remaining = words.length - i - 1;
    const ideal = Math.round(((cumulative / total) * TOTAL_SECONDS) / STEP) * STEP;
    // Every section gets at least STEP seconds, and the last one ends exactly at 120.
    const end =
      remaining === 0
        ? TOTAL_SECONDS
        : Math.min(Math.max(ideal, start + STEP), TOTAL_SECONDS - remaining * STEP);
    ranges.push([start, end]);
    start = end;
  });
  return ranges;
}
