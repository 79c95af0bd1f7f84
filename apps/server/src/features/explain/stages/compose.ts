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
}

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
