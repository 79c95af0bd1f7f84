import type { Source } from '@grasp/contract';

// "[1]", "[2, 3]": a citation, not a link ("[1](…)") nor a footnote definition ("[1]:").
const MARKER = /[ \t]?\[(\d{1,3}(?:\s*[,;]\s*\d{1,3})*)\](?![(:])/g;
// Code keeps its brackets: "a[1]" in a fenced block or an inline span is not a citation.
const CODE = /(```[\s\S]*?(?:```|$)|`[^`\n]*`)/;

/** Applies `replace` to the prose of a markdown text, leaving code as it is. */
function inProse(text: string, replace: (prose: string) => string): string {
  return text
    .split(CODE)
    .map((part, i) => (i % 2 === 1 ? part : replace(part)))
    .join('');
}

/** The numbers a text cites, in order of first use. */
export function citedNumbers(text: string): number[] {
  const seen = new Set<number>();
  inProse(text, (prose) => {
    for (const match of prose.matchAll(MARKER)) {
      for (const n of (match[1] ?? '').split(/[,;]/)) seen.add(Number(n.trim()));
    }
    return prose;
  });
  return [...seen];
}

/**
 * The text with every marker that points at no source removed ("[2, 9]" with no 9 becomes
 * "[2]"), so each [n] left has its source n (DESIGN.md §10). Used for explanations, follow-ups,
 * re-explanations and quiz `why`s alike: they cite the record's numbers.
 */
export function keepCitations(text: string, sources: readonly Pick<Source, 'n'>[]): string {
  const known = new Set(sources.map((s) => s.n));
  return inProse(text, (prose) =>
    prose.replace(MARKER, (marker, list: string) => {
      const kept = list
        .split(/[,;]/)
        .map((n) => Number(n.trim()))
        .filter((n) => known.has(n));
      if (kept.length === 0) return '';
      const lead = marker.startsWith(' ') || marker.startsWith('\t') ? marker[0] : '';
      return `${lead}${kept.map((n) => `[${n}]`).join('')}`;
    }),
  );
}

/**
 * An answer and the sources it was given, as they are kept: dangling markers removed and only
 * the sources the text cites listed. Numbers are not changed, so the streamed text and the
 * stored one agree and later answers can cite the same [n].
 */
export function cite(
  text: string,
  sources: readonly Source[],
): { text: string; sources: Source[] } {
  const kept = keepCitations(text, sources);
  const cited = new Set(citedNumbers(kept));
  return { text: kept, sources: sources.filter((s) => cited.has(s.n)) };
}

/** Words and sentences without their citation markers, for counting and for speech. */
export function withoutCitations(text: string): string {
  return text.replace(MARKER, '');
}
