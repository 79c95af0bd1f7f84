import { z } from 'zod';
import { LANGUAGE_IDS } from './languages.ts';

/**
 * Where an explanation comes from (DESIGN.md §10). Shared by Wikipedia retrieval, the offline
 * explainer's dictionary and the learner's own material, so a new kind of source is one more
 * origin, not another shape.
 */
export const SOURCE_ORIGINS = ['wikipedia', 'wordnet', 'document'] as const;
export type SourceOrigin = (typeof SOURCE_ORIGINS)[number];

/** How each kind of source is named to a reader (the web app's list, the Markdown export). */
export const SOURCE_ORIGIN_LABELS: Record<SourceOrigin, string> = {
  wikipedia: 'Wikipedia',
  wordnet: 'WordNet',
  document: 'Your material',
};

export const sourceSchema = z.object({
  n: z.number().int().min(1).describe('The number the text cites as [n], from 1'),
  title: z.string().describe('The page’s or material’s title'),
  url: z.string().describe('Where the source can be read (empty for a learner’s own material)'),
  excerpt: z.string().describe('A short excerpt the explanation is grounded in'),
  origin: z.enum(SOURCE_ORIGINS),
  language: z.enum(LANGUAGE_IDS).describe('The language the source is written in'),
  page: z.number().int().min(1).optional().describe('The material’s page, for a PDF'),
  license: z
    .string()
    .optional()
    .describe(
      'The licence its text is under, where reuse asks for attribution (Wikipedia: CC BY-SA 4.0)',
    ),
});
export type Source = z.infer<typeof sourceSchema>;

export const sourcesSchema = z
  .array(sourceSchema)
  .describe('The sources the text cites as [n]; empty when none could be had');

// "[1]", "[2, 3]": a citation, not a link ("[1](…)") nor a footnote definition ("[1]:").
const CITATION = /([ \t]?)\[(\d{1,3}(?:\s*[,;]\s*\d{1,3})*)\](?![(:])/g;
// Code keeps its brackets: "a[1]" in a fenced block or an inline span is not a citation.
const CODE = /(```[\s\S]*?(?:```|$)|`[^`\n]*`)/;

/**
 * Rewrites every citation marker in the prose of a markdown text (code is left as it is):
 * `write` receives the numbers it cites and the space before it, and returns its replacement.
 * One reader of `[n]` for the server (which drops markers without a source) and the web app
 * (which links them).
 */
export function mapCitations(
  text: string,
  write: (numbers: number[], lead: string) => string,
): string {
  return text
    .split(CODE)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part.replace(CITATION, (_marker, lead: string, list: string) =>
            write(
              list.split(/[,;]/).map((n) => Number(n.trim())),
              lead,
            ),
          ),
    )
    .join('');
}
