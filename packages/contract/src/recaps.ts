import { z } from 'zod';
import { QUIZ_OPTION_COUNT } from './learning.ts';

/** Spaced recaps (DESIGN.md §8): every explanation a user received is a card scheduled by FSRS. */

export const RECAP_RATINGS = ['again', 'hard', 'good', 'easy'] as const;
export type RecapRating = (typeof RECAP_RATINGS)[number];
export const RECAP_RATING_LABELS: Record<RecapRating, string> = {
  again: 'Again',
  hard: 'Hard',
  good: 'Good',
  easy: 'Easy',
};

/**
 * Due cards sent per request: about ten minutes of recaps; the rest follow after these. Each
 * costs the server an FSRS preview of four ratings, so the queue stays short to stay fast.
 */
export const RECAP_DUE_LIMIT = 10;
/** A takeaway is a sentence or two, read in a few seconds. */
export const RECAP_TAKEAWAY_MAX_LENGTH = 280;

export const RECAP_MESSAGES = {
  cardNotFound: 'This recap was not found.',
  notDue: 'This recap is not due yet: it has been reviewed already.',
  loadFailed: 'Your recaps could not be loaded.',
  reviewFailed: 'This review could not be saved. Please try again.',
} as const;

const isoDate = z.string().describe('ISO-8601 date and time (UTC)');

/** One of the explanation's quiz questions, to check the recap with. */
export const recapQuestionSchema = z.object({
  quizId: z
    .string()
    .optional()
    .describe(
      'The caller’s quiz on this explanation; absent until one is opened (POST /api/ai/quiz with the explanationId, no unit)',
    ),
  questionId: z.string(),
  section: z.string().describe('Title of the section the question checks'),
  prompt: z.string(),
  options: z.array(z.string()).length(QUIZ_OPTION_COUNT),
  reveal: z
    .object({
      correctChoice: z
        .number()
        .int()
        .min(0)
        .max(QUIZ_OPTION_COUNT - 1),
      why: z.string(),
      earlierChoice: z.number().int().describe('What the caller chose in the quiz'),
    })
    .optional()
    .describe(
      'Only for a question the caller has answered in the quiz already (so it is graded here); an unanswered one is answered through POST /api/ai/quiz/{quizId}/answers',
    ),
});
export type RecapQuestion = z.infer<typeof recapQuestionSchema>;

/** When the card would be due next after each rating, as FSRS schedules it now. */
export const recapNextSchema = z.object({
  again: isoDate,
  hard: isoDate,
  good: isoDate,
  easy: isoDate,
});
export type RecapNext = z.infer<typeof recapNextSchema>;

export const recapItemSchema = z.object({
  cardId: z.string(),
  query: z.string().describe('The concept, as the caller asked it'),
  explanationId: z.string().describe('The caller’s latest explanation of this concept'),
  dueAt: isoDate,
  takeaway: z.string().describe('The explanation’s key takeaway, or its first sentence'),
  question: recapQuestionSchema
    .optional()
    .describe(
      'One of its quiz questions where a quiz exists: one not answered, or answered wrong, first',
    ),
  next: recapNextSchema,
});
export type RecapItem = z.infer<typeof recapItemSchema>;

export const recapsResponseSchema = z.object({
  due: z
    .array(recapItemSchema)
    .max(RECAP_DUE_LIMIT)
    .describe(`Cards due now, longest overdue first, at most ${RECAP_DUE_LIMIT}`),
  upcoming: z.number().int().min(0).describe('Cards not due yet'),
  dueCount: z.number().int().min(0).describe('All cards due now (due lists the first of them)'),
  nextDueAt: isoDate.nullable().describe('When the next card not yet due falls due'),
});
export type RecapsResponse = z.infer<typeof recapsResponseSchema>;

export const recapParamsSchema = z.object({ cardId: z.string().trim().min(1).max(64) });

export const recapReviewRequestSchema = z.object({
  rating: z.enum(RECAP_RATINGS).describe('How well the concept was recalled'),
});
export type RecapReviewRequest = z.infer<typeof recapReviewRequestSchema>;

export const recapReviewResponseSchema = z.object({
  cardId: z.string(),
  dueAt: isoDate.describe('When the card is due again'),
});
export type RecapReviewResponse = z.infer<typeof recapReviewResponseSchema>;

/** Where a concept stands for the caller (the distiller's learning map). */
export const CONCEPT_STATUSES = ['new', 'explained', 'due', 'known'] as const;
export type ConceptStatus = (typeof CONCEPT_STATUSES)[number];
