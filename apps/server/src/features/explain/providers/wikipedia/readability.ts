/** Flesch-Kincaid grade of English prose: how the composer judges plainness (DESIGN.md §18). */

/** Vowel groups, less a silent final e: close enough to rank sentences and report a grade. */
export function syllables(word: string): number {
  const w = word.toLowerCase().replace(/[^a-z]/g, '');
  if (w.length === 0) return 0;
  if (w.length <= 3) return 1;
  const trimmed = w.replace(/(?:[^laeiouy]es|[^laeiouy]ed|[^laeiouy]e)$/, '').replace(/^y/, '');
  const groups = trimmed.match(/[aeiouy]{1,2}/g)?.length ?? 0;
  return Math.max(1, groups);
}

const wordsOf = (text: string) => text.split(/\s+/).filter((w) => /[A-Za-z]/.test(w));

/** The grade of these sentences read together: 0.39 words/sentence + 11.8 syllables/word − 15.59. */
export function fleschKincaidGrade(sentences: readonly string[]): number {
  const words = sentences.flatMap(wordsOf);
  if (words.length === 0 || sentences.length === 0) return 0;
  const syl = words.reduce((sum, w) => sum + syllables(w), 0);
  return 0.39 * (words.length / sentences.length) + 11.8 * (syl / words.length) - 15.59;
}
