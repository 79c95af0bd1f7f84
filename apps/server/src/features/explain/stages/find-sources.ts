import type { LanguageId, Source } from '@grasp/contract';
import type { SourcesService } from '../../sources/index.ts';

/** What the sources stage needs to know of an ask. */
export interface SourcesAsk {
  query: string;
  language: LanguageId;
  userId: string;
  /** The caller's material, checked to be theirs: its passages are the sources. */
  materialId?: string | undefined;
  /** 'own': the provider cites what it is built from, unless a material grounds it. */
  grounding?: 'own' | undefined;
  signal: AbortSignal;
}

/**
 * Stage 1, find sources (DESIGN.md §10): what the answer is grounded in. Within its own budget: a
 * slow or dead Wikipedia gives an answer without sources. A material grounds every provider, the
 * offline one too (it is built from the passages).
 */
export async function findSources(
  sources: Pick<SourcesService, 'find'> | undefined,
  ask: SourcesAsk,
): Promise<Source[]> {
  if (!sources || (ask.grounding === 'own' && !ask.materialId)) return [];
  return sources.find({
    query: ask.query,
    language: ask.language,
    userId: ask.userId,
    materialId: ask.materialId,
    signal: ask.signal,
  });
}
