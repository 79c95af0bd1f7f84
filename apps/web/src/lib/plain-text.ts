import { mapCitations } from '@grasp/contract';

/**
 * Markdown to the words a speech engine should say: no marks, link text kept, no code fences,
 * no citation markers ("[1]" is for the eye, not the ear).
 */
export function markdownToPlainText(markdown: string): string {
  return mapCitations(markdown, () => '')
    .replace(/```[\s\S]*?(```|$)/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/(\*\*|__|\*|_|`|~~)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
