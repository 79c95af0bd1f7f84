/** Flesch-Kincaid grade of English prose: how the composer judges plainness (DESIGN.md §18). */

/** Vowel groups, less a silent final e: close enough to rank sentences and report a grade. */
export function syllables(word: string): number {
  let count = 0;
  let letters = 0;
  let previousVowel = false;
  let last = '';
  let beforeLast = '';
  for (const ch of word.toLowerCase()) {
    if (ch < 'a' || ch > 'z') continue;
    letters += 1;
    const vowel = 'aeiouy'.includes(ch) && !(letters === 1 && ch === 'y');
    if (vowel && !previousVowel) count += 1;
    previousVowel = vowel;
    beforeLast = last;
    last = ch;
  }
  if (letters === 0) return 0;
  if (letters <= 3) return 1;
  if (last === 'e' && !'laeiouy'.includes(beforeLast)) count -= 1;
  return Math.max(1, count);
}

const wordsOf = (text: string) => text.split(/\s+/).filter((w) => /[A-Za-z]/.test(w));

/** The grade of these sentences read together: 0.39 words/sentence + 11.8 syllables/word − 15.59. */
export function fleschKincaidGrade(sentences: readonly string[]): number {
  const words = sentences.flatMap(wordsOf);
  if (words.length === 0 || sentences.length === 0) return 0;
  const syl = words.reduce((sum, w) => sum + syllables(w), 0);
  return 0.39 * (words.length / sentences.length) + 11.8 * (syl / words.length) - 15.59;
}
