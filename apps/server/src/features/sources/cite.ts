import { mapCitations, type Source } from '@grasp/contract';

/** The numbers a text cites, in order of first use. */
export function citedNumbers(text: string): number[] {
  const seen = new Set<number>();
  mapCitations(text, (numbers) => {
    for (const n of numbers) seen.add(n);
    return '';
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
  return mapCitations(text, (numbers, lead) => {
    const kept = numbers.filter((n) => known.has(n));
    return kept.length === 0 ? '' : `${lead}${kept.map((n) => `[${n}]`).join('')}`;
  });
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
  return mapCitations(text, () => '');
}

/** "[1][2]" → "[^1][^2]": citations as Markdown footnote references, code left alone. */
export function asFootnoteReferences(text: string): string {
  return mapCitations(text, (numbers, lead) => `${lead}${numbers.map((n) => `[^${n}]`).join('')}`);
}
