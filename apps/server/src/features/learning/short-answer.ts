import { ProviderFailureError } from '../explain/providers/provider.ts';

// A runaway answer is cut rather than stored whole; the prompt asks for about 150 words.
const MAX_ANSWER_CHARS = 6_000;

/** Collects a tutor's streamed answer, passing each delta on; nothing usable is a failure. */
export async function shortAnswer(
  deltas: AsyncIterable<string>,
  onDelta?: (delta: string) => void,
): Promise<string> {
  let text = '';
  for await (const delta of deltas) {
    text += delta;
    onDelta?.(delta);
  }
  const answer = text.trim().slice(0, MAX_ANSWER_CHARS);
  if (answer === '') throw new ProviderFailureError('The provider answered with nothing');
  return answer;
}
