import { parseExplanation, shareText } from '@grasp/contract';
import { markdownToPlainText } from '../../../lib/plain-text.ts';

/** Link previews cut descriptions at about this length anyway. */
export const DESCRIPTION_MAX_LENGTH = 200;

/**
 * The first sentence of an explanation, as plain text, for its link preview (Open Graph and
 * Twitter card description). Falls back to the app's share text when there is none.
 */
export function firstSentence(markdown: string, query: string): string {
  const [first] = parseExplanation(markdown).sections;
  const text = markdownToPlainText(first?.content ?? '');
  const sentence = /^.+?[.!?](?=\s|$)/u.exec(text)?.[0] ?? text;
  if (!sentence) return shareText(query);
  if (sentence.length <= DESCRIPTION_MAX_LENGTH) return sentence;
  const cut = sentence.slice(0, DESCRIPTION_MAX_LENGTH - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length)}…`;
}
