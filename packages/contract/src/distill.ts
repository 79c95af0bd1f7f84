import { z } from 'zod';
import { SUBJECT_MAX_LENGTH } from './constants.ts';
import { materialIdSchema } from './materials.ts';
import { VALIDATION_MESSAGES } from './messages.ts';
import { isFreePlan } from './plans.ts';
import { PROVIDER_IDS } from './providers.ts';
import { CONCEPT_STATUSES } from './recaps.ts';
import { HISTORICAL_TEMPLATE_IDS, TEMPLATE_IDS, type TemplateId } from './templates.ts';

/** How many concepts a distillation aims for (SPEC.md §1): enough to cover, few enough to read. */
export const DISTILL_MIN_CONCEPTS = 4;
export const DISTILL_MAX_CONCEPTS = 8;
/** A concept is a name to explain, not a sentence. */
export const CONCEPT_NAME_MAX_LENGTH = 80;

export const distillRequestSchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, VALIDATION_MESSAGES.emptySubject)
    .max(
      SUBJECT_MAX_LENGTH,
      `Please keep the subject to ${SUBJECT_MAX_LENGTH} characters or fewer.`,
    )
    .optional()
    .describe('The subject or statement to break into smaller concepts; or send materialId'),
  materialId: materialIdSchema
    .optional()
    .describe('Distil the concepts the caller’s own material teaches, instead of a subject'),
  username: z.string().max(254).optional().describe('Ignored: the bearer token decides who asks'),
  template: z
    .enum(TEMPLATE_IDS)
    .optional()
    .describe('Ignored: the server picks the template by the subject and the caller’s plan'),
  provider: z
    .enum(PROVIDER_IDS)
    .optional()
    .describe('The AI provider to ask; default: the server’s default provider'),
});
export type DistillRequest = z.input<typeof distillRequestSchema>;

export const distillResponseSchema = z.object({
  concepts: z
    .array(z.string().min(1).max(CONCEPT_NAME_MAX_LENGTH))
    .min(1)
    .max(DISTILL_MAX_CONCEPTS)
    .describe('Concept names, from foundational to advanced'),
  template: z.enum(TEMPLATE_IDS).describe('The template to explain these concepts with'),
  prerequisites: z
    .array(z.object({ from: z.string(), to: z.string() }))
    .default([])
    .describe('Concept `from` is best learned before `to`; both are in concepts, with no cycles'),
  status: z
    .record(z.string(), z.enum(CONCEPT_STATUSES))
    .default({})
    .describe(
      'Per concept, for the caller: new, explained, due (a recap is due) or known (recapped good or easy at least once)',
    ),
});
export type DistillResponse = z.infer<typeof distillResponseSchema>;

/**
 * Words that mark a subject as historical (SPEC.md §7 leaves the list open). Matched as whole
 * words or phrases, case-insensitively, with a plain plural ("wars", "empires") included.
 */
export const HISTORY_KEYWORDS = [
  'history',
  'histories',
  'historical',
  'historic',
  'prehistoric',
  'war',
  'revolution',
  'empire',
  'dynasty',
  'dynasties',
  'ancient',
  'medieval',
  'middle ages',
  'century',
  'centuries',
  'civilization',
  'civilisation',
  'renaissance',
  'colonial',
  'colonialism',
  'colonization',
  'colonisation',
  'independence',
  'reign',
  'monarchy',
  'kingdom',
  'pharaoh',
  'emperor',
  'battle',
  'conquest',
  'antiquity',
  'invention of',
  'discovery of',
  'origin of',
  'origins of',
  'rise of',
  'fall of',
] as const;

/** Lower case, letters and digits only, single spaces, padded so " war " needs word edges. */
function normalise(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
}

const KEYWORD_FORMS = HISTORY_KEYWORDS.flatMap((keyword) =>
  keyword.includes(' ') || keyword.endsWith('s')
    ? [` ${keyword} `]
    : [` ${keyword} `, ` ${keyword}s `],
);

/** True when the subject names history (a keyword as a whole word or phrase). */
export function isHistorySubject(subject: string): boolean {
  const text = normalise(subject);
  return KEYWORD_FORMS.some((form) => text.includes(form));
}

/**
 * The distiller's template (SPEC.md §7 meets §6, DESIGN.md §4): a random historical template
 * for a history subject when the plan allows premium templates; `default` otherwise, so a Free
 * user can explain every distilled concept. `random` returns [0, 1) like Math.random.
 */
export function distillTemplate(
  subject: string,
  plan: string | null | undefined,
  random: () => number = Math.random,
): TemplateId {
  if (!isHistorySubject(subject) || isFreePlan(plan)) return 'default';
  const count = HISTORICAL_TEMPLATE_IDS.length;
  const index = Math.min(count - 1, Math.max(0, Math.floor(random() * count)));
  return HISTORICAL_TEMPLATE_IDS[index] ?? 'historicalTimeline';
}
