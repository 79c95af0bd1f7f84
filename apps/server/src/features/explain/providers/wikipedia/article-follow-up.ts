import type { ExplanationContext } from '../provider.ts';

/** The explanation's cited sentences: each ends with its markers, "… colours. [1]". */
export const citedSentences = (text: string): string[] =>
  (text.match(/[^[\]]+?(?:\s*\[\d+\])+/g) ?? []).map((s) => s.trim()).filter(Boolean);

const WORD = /[\p{L}\p{M}\p{N}]{3,}/gu;
const COMMON = new Set(
  'the and for are was were what why how does did when where which who with that this from into can will about they their there its it’s'.split(
    ' ',
  ),
);

/** A word's stem, crudely: enough to match "falls" with "fall" and "plants" with "plant". */
const stem = (word: string) => word.toLowerCase().slice(0, 5);

/**
 * A follow-up answered from the explanation's own sentences (DESIGN.md §18: extractive, cited):
 * the two or three that share most words with the question, in their order; none when nothing
 * in it speaks to the question.
 */
export function answerFromExplanation(
  question: string,
  explanation: Pick<ExplanationContext, 'sections'>,
): string | null {
  const asked = new Set(
    (question.match(WORD) ?? []).filter((w) => !COMMON.has(w.toLowerCase())).map(stem),
  );
  if (asked.size === 0) return null;
  const sentences = explanation.sections.flatMap((s) => citedSentences(s.content));
  const scored = sentences
    .map((text, index) => ({
      text,
      index,
      score: new Set((text.match(WORD) ?? []).map(stem).filter((w) => asked.has(w))).size,
    }))
    .filter((s) => s.score > 0 && /\[\d+\]/.test(s.text))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, 3)
    .sort((a, b) => a.index - b.index);
  return scored.length > 0 ? scored.map((s) => s.text).join(' ') : null;
}
