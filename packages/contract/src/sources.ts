import { z } from 'zod';
import { LANGUAGE_IDS } from './languages.ts';

/**
 * Where an explanation comes from (DESIGN.md §10). Shared by Wikipedia retrieval, the offline
 * explainer's dictionary and the learner's own material, so a new kind of source is one more
 * origin, not another shape.
 */
export const SOURCE_ORIGINS = ['wikipedia', 'wordnet', 'document'] as const;
export type SourceOrigin = (typeof SOURCE_ORIGINS)[number];

export const sourceSchema = z.object({
  n: z.number().int().min(1).describe('The number the text cites as [n], from 1'),
  title: z.string().describe('The page’s or material’s title'),
  url: z.string().describe('Where the source can be read (empty for a learner’s own material)'),
  excerpt: z.string().describe('A short excerpt the explanation is grounded in'),
  origin: z.enum(SOURCE_ORIGINS),
  language: z.enum(LANGUAGE_IDS).describe('The language the source is written in'),
  page: z.number().int().min(1).optional().describe('The material’s page, for a PDF'),
});
export type Source = z.infer<typeof sourceSchema>;

export const sourcesSchema = z
  .array(sourceSchema)
  .describe('The sources the text cites as [n]; empty when none could be had');
