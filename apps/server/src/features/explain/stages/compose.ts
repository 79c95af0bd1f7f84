import type { Difficulty, LanguageId, Source, TemplateId } from '@grasp/contract';
import type { ExplanationProvider } from '../providers/provider.ts';

/** What the compose stage asks a provider for. */
export interface ComposeRequest {
  query: string;
  template: TemplateId;
  difficulty: Difficulty;
  language: LanguageId;
  sources: readonly Source[];
  signal: AbortSignal;
  /** Asked again: what was wrong with the first answer. */
  feedback?: string | undefined;
}

// A retry travels with the text deltas, through the shared in-flight call to every follower: one
// delta that cannot be text (a NUL), read out again before the client sees it.
const RETRY = '\u0000retry\u0000';

/** The delta that tells every listener to drop the text so far: another answer follows. */
export const retryDelta = (reason: string) => `${RETRY}${reason}`;

/** The reason of a retry delta; null for text. */
export const retryReason = (delta: string): string | null =>
  delta.startsWith(RETRY) ? delta.slice(RETRY.length) : null;

/**
 * Stage 2, compose: the provider's text as it streams, each delta passed on as it comes, and the
 * whole text at the end.
 */
export async function compose(
  provider: ExplanationProvider,
  request: ComposeRequest,
  emit: (delta: string) => void,
): Promise<string> {
  let text = '';
  for await (const delta of provider.stream(request)) {
    text += delta;
    emit(delta);
  }
  return text;
}
