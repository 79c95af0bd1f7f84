import { z } from 'zod';
import { QUERY_MAX_LENGTH } from './constants.ts';
import { DIFFICULTIES, PROVIDER_IDS } from './providers.ts';
import { TEMPLATE_IDS } from './templates.ts';

export const graphSchema = z.object({
  nodes: z.array(z.object({ id: z.string(), label: z.string() })).max(30),
  edges: z
    .array(z.object({ source: z.string(), target: z.string(), label: z.string().optional() }))
    .max(60),
});
export type ConceptGraph = z.infer<typeof graphSchema>;

export const explainRequestSchema = z.object({
  query: z.string().trim().min(1, 'Please enter a concept').max(QUERY_MAX_LENGTH),
  template: z.enum(TEMPLATE_IDS).default('default'),
  difficulty: z.enum(DIFFICULTIES).default('beginner'),
  provider: z.enum(PROVIDER_IDS).optional(),
  username: z.string().max(254).optional().describe('Ignored: the bearer token decides who asks'),
  fresh: z
    .boolean()
    .optional()
    .describe('Regenerate: skip the shared answer cache and ask the provider anew (costs a unit)'),
});
export type ExplainRequest = z.input<typeof explainRequestSchema>;

export const explainResponseSchema = z.object({
  explanationId: z.string().describe('The caller’s own record of this explanation'),
  response: z.string().describe('Markdown with ## sections and (N-M seconds) ranges'),
  provider: z.enum(PROVIDER_IDS),
  template: z.enum(TEMPLATE_IDS),
  difficulty: z.enum(DIFFICULTIES),
  cached: z.boolean(),
  relatedConcepts: z.array(z.string()).max(3),
  graph: graphSchema.optional(),
  suggestedQuestions: z
    .array(z.string())
    .max(3)
    .describe('Up to three follow-up questions a learner would ask next'),
});
export type ExplainResponse = z.infer<typeof explainResponseSchema>;

export const providerInfoSchema = z.object({
  id: z.enum(PROVIDER_IDS),
  label: z.string(),
  available: z.boolean(),
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
