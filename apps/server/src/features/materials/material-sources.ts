import { excerpt, type FindSources, plainText, scriptLanguage } from '../sources/index.ts';
import type { MaterialsService } from './materials.service.ts';

// A whole passage: the offline explanation is assembled from these excerpts, and they stay with
// the explanation after the material is deleted.
const EXCERPT_CHARS = 900;

/**
 * The learner's material as a kind of source (DESIGN.md §10): its passages about the concept,
 * best first, each cited with its page. Anyone else's material finds nothing (the explain
 * service has already answered 404 for it).
 */
export function createMaterialSources(materials: MaterialsService): FindSources {
  return async (ask) => {
    if (!ask.materialId || !ask.userId) return [];
    const { title } = await materials.materialOf(ask.userId, ask.materialId);
    ask.signal.throwIfAborted();
    const passages = await materials.passagesAbout(ask.userId, ask.materialId, ask.query, 3);
    return passages.map((p) => {
      const text = excerpt(plainText(p.text), EXCERPT_CHARS);
      return {
        title,
        url: '',
        excerpt: text,
        origin: 'document' as const,
        language: scriptLanguage(text),
        ...(p.page ? { page: p.page } : {}),
      };
    });
  };
}
