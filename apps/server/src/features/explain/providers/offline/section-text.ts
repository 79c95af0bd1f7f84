/** Reading an explanation's sections as a learner does: words, not markdown. */

/** Lower case, one space between words, no emphasis or code marks. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/\*\*|__|[*_`]|~~/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** The section's lines, each as plain text: one line holds one fact in the offline layout. */
export function plainLines(markdown: string): string[] {
  return markdown
    .split('\n')
    .map(plainText)
    .filter((line) => line.length > 0);
}

const patterns = new Map<string, RegExp>();

/** Whether `text` (already plain) names `term` as a whole word or phrase. */
export function mentions(text: string, term: string): boolean {
  const key = plainText(term);
  if (!key) return false;
  let pattern = patterns.get(key);
  if (!pattern) {
    const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'u');
    // Terms come from a bounded dictionary, but a long-running server should not grow forever.
    if (patterns.size > 5000) patterns.clear();
    patterns.set(key, pattern);
  }
  return pattern.test(text);
}

/** Whether plain `text` names any of `terms`, plural included ("dogs" names "dog"). */
export function namesAny(text: string, terms: readonly string[]): boolean {
  return terms.some(
    (term) => mentions(text, term) || mentions(text, `${term}s`) || mentions(text, `${term}es`),
  );
}
