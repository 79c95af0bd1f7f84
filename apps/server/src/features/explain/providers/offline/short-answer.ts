import { SHORT_ANSWER_MAX_WORDS } from '@grasp/contract';
import { countWords } from '../../answer.ts';

/** A paragraph of a short answer; optional ones go first when it runs long. */
export interface Paragraph {
  text: string;
  optional?: boolean;
}

export const DICTIONARY_LINE = '_Answered from the WordNet dictionary (offline mode)._';

/** The paragraphs of a follow-up or re-explanation, cut to DESIGN.md §8's ~150 words. */
export function fitShort(paragraphs: Paragraph[]): string[] {
  const kept = paragraphs.filter((p) => p.text.trim().length > 0);
  const words = () => countWords(kept.map((p) => p.text).join('\n\n'));
  while (words() > SHORT_ANSWER_MAX_WORDS) {
    const last = kept.findLastIndex((p) => p.optional);
    if (last < 0) break;
    kept.splice(last, 1);
  }
  return kept.map((p) => p.text);
}

/** Streams paragraphs as a few chunks that add up to the whole answer. */
export async function* streamParagraphs(paragraphs: string[], signal: AbortSignal) {
  for (const [i, paragraph] of paragraphs.entries()) {
    signal.throwIfAborted();
    yield i < paragraphs.length - 1 ? `${paragraph}\n\n` : paragraph;
  }
}
