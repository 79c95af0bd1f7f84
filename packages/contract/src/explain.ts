import { z } from 'zod';
import { QUERY_MAX_LENGTH } from './constants.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_IDS } from './languages.ts';
import { materialIdSchema, materialRefSchema } from './materials.ts';
import { DIFFICULTIES, PROVIDER_IDS } from './providers.ts';
import { sourcesSchema } from './sources.ts';
import { TEMPLATE_IDS } from './templates.ts';

export const graphSchema = z.object({
  nodes: z.array(z.object({ id: z.string(), label: z.string() })).max(30),
  edges: z
    .array(z.object({ source: z.string(), target: z.string(), label: z.string().optional() }))
    .max(60),
});
export type ConceptGraph = z.infer<typeof graphSchema>;

export const GLOSSARY_MAX_TERMS = 12;
export const GLOSSARY_TERM_MAX_LENGTH = 80;
export const GLOSSARY_MEANING_MAX_LENGTH = 300;

/** The English technical terms an answer in another language kept, each explained in it. */
export const glossarySchema = z
  .array(
    z.object({
      term: z.string().min(1).max(GLOSSARY_TERM_MAX_LENGTH).describe('The term, in English'),
      meaning: z
        .string()
        .min(1)
        .max(GLOSSARY_MEANING_MAX_LENGTH)
        .describe('What it means, in the language of the answer'),
    }),
  )
  .max(GLOSSARY_MAX_TERMS);
export type Glossary = z.infer<typeof glossarySchema>;

const language = z
  .enum(LANGUAGE_IDS)
  .default(DEFAULT_LANGUAGE)
  .describe('Language of the text: en, hi, bn, mr, ta or te');

export const explainRequestSchema = z.object({
  query: z.string().trim().min(1, 'Please enter a concept').max(QUERY_MAX_LENGTH),
  template: z.enum(TEMPLATE_IDS).default('default'),
  difficulty: z.enum(DIFFICULTIES).default('beginner'),
  language,
  provider: z.enum(PROVIDER_IDS).optional(),
  username: z.string().max(254).optional().describe('Ignored: the bearer token decides who asks'),
  fresh: z
    .boolean()
    .optional()
    .describe('Regenerate: skip the shared answer cache and ask the provider anew (costs a unit)'),
  materialId: materialIdSchema
    .optional()
    .describe('Ground the explanation in the caller’s own material (DESIGN.md §10)'),
});
export type ExplainRequest = z.input<typeof explainRequestSchema>;

export const explainResponseSchema = z.object({
  explanationId: z.string().describe('The caller’s own record of this explanation'),
  response: z.string().describe('Markdown with ## sections and (N-M seconds) ranges'),
  provider: z.enum(PROVIDER_IDS),
  template: z.enum(TEMPLATE_IDS),
  difficulty: z.enum(DIFFICULTIES),
  // Answers cached before languages existed are English.
  language,
  cached: z.boolean(),
  relatedConcepts: z.array(z.string()).max(3),
  graph: graphSchema.optional(),
  glossary: glossarySchema
    .optional()
    .describe('Absent in English; otherwise the English terms the text kept, explained'),
  suggestedQuestions: z
    .array(z.string())
    .max(3)
    .describe('Up to three follow-up questions a learner would ask next'),
  // Answers cached before sources existed have none.
  sources: sourcesSchema.default([]),
  material: materialRefSchema
    .optional()
    .describe('The learner’s material it was made from; named even once the material is deleted'),
  fallback: z
    .boolean()
    .optional()
    .describe(
      'True when the AI provider failed and the text was composed from Wikipedia (or the dictionary) instead; no unit was spent',
    ),
});
export type ExplainResponse = z.infer<typeof explainResponseSchema>;

export const providerInfoSchema = z.object({
  id: z.enum(PROVIDER_IDS),
  label: z.string(),
  available: z.boolean(),
  languages: z
    .array(z.enum(LANGUAGE_IDS))
    .default([...LANGUAGE_IDS])
    .describe('The languages it explains in (the offline dictionary: English only)'),
});
export const providersResponseSchema = z.object({
  providers: z.array(providerInfoSchema),
  default: z.enum(PROVIDER_IDS),
});
export type ProvidersResponse = z.infer<typeof providersResponseSchema>;

export const historyEntrySchema = z.object({
  concept_description: z.string().describe('The template id the explanation used'),
  ai_answer: z.string(),
  created_date: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const conceptParamsSchema = z.object({ conceptName: z.string().trim().min(1).max(500) });

export const userStatsResponseSchema = z.object({
  total_messages: z.number().int(),
  review_dates: z
    .array(z.string())
    .optional()
    .describe(
      'Moments of the caller’s latest recap reviews (the first and last of each hour with one), newest first: the streak counts a day with a review',
    ),
});
export type UserStats = z.infer<typeof userStatsResponseSchema>;

export const userMessageSchema = z.object({
  concept_name: z.string(),
  ai_answer: z.string(),
  created_date: z.string(),
});
export type UserMessage = z.infer<typeof userMessageSchema>;

/**
 * The normalised form of a query, a section title or a quiz option: how the cache, free repeats,
 * history and the learning loop recognise "the same" (case and spacing aside).
 */
export function queryKey(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}
