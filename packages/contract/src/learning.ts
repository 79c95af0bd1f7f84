import { z } from 'zod';
import { glossarySchema, graphSchema } from './explain.ts';
import { LANGUAGE_IDS } from './languages.ts';
import { materialRefSchema } from './materials.ts';
import { VALIDATION_MESSAGES } from './messages.ts';
import { DIFFICULTIES, PROVIDER_IDS } from './providers.ts';
import { sourcesSchema } from './sources.ts';
import { TEMPLATE_IDS } from './templates.ts';

/** The learning loop of DESIGN.md §8: follow-ups, quizzes and re-explanations on a record. */

export const MAX_SUGGESTED_QUESTIONS = 3;
export const FOLLOW_UP_MAX_LENGTH = 300;
export const QUIZ_MIN_QUESTIONS = 3;
export const QUIZ_MAX_QUESTIONS = 5;
export const QUIZ_OPTION_COUNT = 4;
/** A follow-up or re-explanation is short: about this many words at most. */
export const SHORT_ANSWER_MAX_WORDS = 150;

/** Ways a section can be told again; never the way it was first told. */
export const RE_EXPLAIN_APPROACHES = ['analogy', 'example', 'steps'] as const;
export type ReExplainApproach = (typeof RE_EXPLAIN_APPROACHES)[number];
export const RE_EXPLAIN_APPROACH_LABELS: Record<ReExplainApproach, string> = {
  analogy: 'An everyday analogy',
  example: 'A worked example',
  steps: 'Step by step',
};

export const suggestedQuestionsSchema = z
  .array(z.string().min(1).max(FOLLOW_UP_MAX_LENGTH))
  .max(MAX_SUGGESTED_QUESTIONS);

export const explanationIdSchema = z.string().trim().min(1).max(64);
export const explanationParamsSchema = z.object({ explanationId: explanationIdSchema });

export const followUpSchema = z.object({
  followUpId: z.string(),
  question: z.string(),
  answer: z.string().describe('Short markdown answer grounded in the explanation'),
  createdAt: z.string(),
});
export type FollowUp = z.infer<typeof followUpSchema>;

export const reExplanationSchema = z.object({
  section: z.string().describe('Title of the section told again'),
  approach: z.enum(RE_EXPLAIN_APPROACHES),
  answer: z.string(),
});
export type ReExplanation = z.infer<typeof reExplanationSchema>;

export const quizStateSchema = z.object({
  quizId: z.string(),
  score: z.number().int().describe('Questions answered correctly so far'),
  answered: z.number().int(),
  total: z.number().int(),
});
export type QuizState = z.infer<typeof quizStateSchema>;

export const explanationRecordSchema = z.object({
  explanationId: z.string(),
  query: z.string(),
  template: z.enum(TEMPLATE_IDS),
  difficulty: z.enum(DIFFICULTIES),
  language: z.enum(LANGUAGE_IDS),
  provider: z.enum(PROVIDER_IDS),
  response: z.string(),
  relatedConcepts: z.array(z.string()).max(3),
  graph: graphSchema.optional(),
  glossary: glossarySchema.optional(),
  suggestedQuestions: suggestedQuestionsSchema,
  sources: sourcesSchema.default([]),
  material: materialRefSchema
    .optional()
    .describe('The learner’s material it was made from, named even once it is deleted'),
  fallback: z
    .boolean()
    .optional()
    .describe('True when the AI provider failed and the text was composed the no-key way'),
  createdAt: z.string(),
  followUps: z.array(followUpSchema),
  reExplanations: z.array(reExplanationSchema),
  quiz: quizStateSchema.optional(),
});
export type ExplanationRecord = z.infer<typeof explanationRecordSchema>;

const askProvider = z
  .enum(PROVIDER_IDS)
  .optional()
  .describe('Who answers; default: the provider of the explanation, if still available');

export const followUpRequestSchema = z.object({
  explanationId: explanationIdSchema,
  provider: askProvider,
  question: z.string().trim().min(1, VALIDATION_MESSAGES.emptyQuestion).max(FOLLOW_UP_MAX_LENGTH),
});
export type FollowUpRequest = z.input<typeof followUpRequestSchema>;

export const followUpResponseSchema = followUpSchema;

export const quizRequestSchema = z.object({
  explanationId: explanationIdSchema,
  provider: askProvider,
});

/** The verdict on one answered question. */
export const quizAnswerResponseSchema = z.object({
  correct: z.boolean(),
  correctChoice: z
    .number()
    .int()
    .min(0)
    .max(QUIZ_OPTION_COUNT - 1),
  why: z.string(),
});
export type QuizAnswerResult = z.infer<typeof quizAnswerResponseSchema>;

export const quizQuestionSchema = z.object({
  questionId: z.string(),
  section: z.string().describe('Title of the section the question checks'),
  prompt: z.string(),
  options: z.array(z.string()).length(QUIZ_OPTION_COUNT),
  answer: quizAnswerResponseSchema
    .extend({ choice: z.number().int() })
    .optional()
    .describe('Present once answered: the correct option is never sent before'),
});
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;

export const quizResponseSchema = z.object({
  quizId: z.string(),
  questions: z.array(quizQuestionSchema).min(QUIZ_MIN_QUESTIONS).max(QUIZ_MAX_QUESTIONS),
});
export type Quiz = z.infer<typeof quizResponseSchema>;

export const quizParamsSchema = z.object({ quizId: z.string().trim().min(1).max(64) });
export const quizAnswerRequestSchema = z.object({
  questionId: z.string().trim().min(1).max(64),
  choice: z
    .number()
    .int()
    .min(0)
    .max(QUIZ_OPTION_COUNT - 1),
});

/**
 * What a model is asked to produce for a quiz (AI SDK structured output). Deliberately loose:
 * vendors differ in the JSON Schema they enforce, so the server checks the rules afterwards.
 */
export const quizDraftSchema = z.object({
  questions: z.array(
    z.object({
      section: z.string().describe('Exact title of the section this question checks'),
      prompt: z.string().describe('The question'),
      options: z.array(z.string()).describe('Exactly 4 distinct options'),
      correctChoice: z.number().int().describe('Index (0-3) of the one correct option'),
      why: z.string().describe('One sentence: why the correct option is right'),
    }),
  ),
});
export type QuizDraft = z.infer<typeof quizDraftSchema>;

export const reExplainRequestSchema = z.object({
  explanationId: explanationIdSchema,
  provider: askProvider,
  section: z.string().trim().min(1).max(200).describe('Title of the section to tell again'),
});
export const reExplainResponseSchema = reExplanationSchema;
