import {
  QUIZ_MIN_QUESTIONS,
  type Quiz,
  type QuizAnswerResult,
  type QuizState,
} from '@grasp/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { ExplanationContext, ExplanationProvider } from '../explain/providers/provider.ts';
import { keepCitations } from '../sources/index.ts';
import * as repo from './learning.repository.ts';
import { alreadyAnswered, quizNotFound, quizUnavailable } from './learning-errors.ts';
import { checkQuizDraft } from './quiz-rules.ts';

/** A quiz set as stored: the questions with their answers (never sent before answered). */
export const storedQuestionsSchema = z.array(
  z.object({
    questionId: z.string(),
    section: z.string(),
    prompt: z.string(),
    options: z.array(z.string()),
    correctChoice: z.number().int(),
    why: z.string(),
  }),
);
type StoredQuestion = z.infer<typeof storedQuestionsSchema>[number];

function toQuizState(row: {
  id: string;
  questions_json: string;
  answered: string | number;
  score: string | number;
}): QuizState {
  return {
    quizId: row.id,
    score: Number(row.score),
    answered: Number(row.answered),
    total: storedQuestionsSchema.parse(JSON.parse(row.questions_json)).length,
  };
}

export interface QuizzesDeps {
  db: Kysely<DB>;
  clock: Clock;
  signal: () => AbortSignal;
  toLearningError: (error: unknown) => AppError;
  /** Told when a user has answered every question of a quiz (recaps take the first rating). */
  onCompleted?: (userId: string, explanationId: string, allCorrect: boolean) => Promise<void>;
}

interface QuizSource {
  explanationId: string;
  answerId: string;
}

/** Who makes a missing quiz, decided only when one has to be made. */
type QuizMaker = () => { provider: ExplanationProvider; context: ExplanationContext };

/**
 * Quizzes: the questions are made once per answer text and shared by everyone who received
 * it; each user's attempt on an explanation keeps their answers, graded here on the server.
 */
export function createQuizzes(deps: QuizzesDeps) {
  const { db, clock } = deps;
  const making = new Map<string, Promise<StoredQuestion[]>>();

  async function questionsOf(answerId: string): Promise<StoredQuestion[] | undefined> {
    const json = await repo.quizSetOf(db, answerId);
    return json === undefined ? undefined : storedQuestionsSchema.parse(JSON.parse(json));
  }

  async function makeQuestions(answerId: string, maker: QuizMaker): Promise<StoredQuestion[]> {
    const { provider, context } = maker();
    let draft: Awaited<ReturnType<ExplanationProvider['quiz']>>;
    try {
      draft = await provider.quiz({ explanation: context, signal: deps.signal() });
    } catch (error) {
      throw deps.toLearningError(error);
    }
    const checked = checkQuizDraft(
      draft,
      context.sections.map((s) => s.title),
    );
    if (checked.length < QUIZ_MIN_QUESTIONS) throw quizUnavailable();
    const questions = checked.map((q, i) => ({
      questionId: `q${i + 1}`,
      ...q,
      // A `why` cites the explanation's numbers; one pointing at none of them goes.
      why: keepCitations(q.why, context.sources ?? []),
    }));
    await repo.insertQuizSet(db, {
      answerId,
      questionsJson: JSON.stringify(questions),
      createdAt: clock.now().toISOString(),
    });
    // Another instance may have stored its set first; everyone uses the stored one.
    return (await questionsOf(answerId)) ?? questions;
  }

  /** The stored set, or one made now; concurrent asks for one answer share one call. */
  async function setFor(answerId: string, maker: QuizMaker): Promise<StoredQuestion[]> {
    const stored = await questionsOf(answerId);
    if (stored) return stored;
    let pending = making.get(answerId);
    if (!pending) {
      pending = makeQuestions(answerId, maker).finally(() => making.delete(answerId));
      making.set(answerId, pending);
    }
    return pending;
  }

  /** A new attempt; the one read back is another tab's if it inserted first. */
  async function newAttempt(userId: string, source: QuizSource) {
    await repo.insertAttempt(db, {
      id: newId(),
      explanationId: source.explanationId,
      userId,
      answerId: source.answerId,
      createdAt: clock.now().toISOString(),
    });
    const attempt = await repo.attemptForExplanation(db, source.explanationId);
    if (!attempt) throw quizNotFound();
    return attempt;
  }

  return {
    /** The user's quiz on an explanation: the same one every time, with what they answered. */
    async quizFor(userId: string, source: QuizSource, maker: QuizMaker): Promise<Quiz> {
      const existing = await repo.attemptForExplanation(db, source.explanationId);
      const questions = await setFor(existing?.answer_id ?? source.answerId, maker);
      const attempt = existing ?? (await newAttempt(userId, source));
      const answers = new Map(
        (await repo.answersOf(db, attempt.id)).map((a) => [a.question_id, a]),
      );
      return {
        quizId: attempt.id,
        questions: questions.map((q) => {
          const given = answers.get(q.questionId);
          const shown = {
            questionId: q.questionId,
            section: q.section,
            prompt: q.prompt,
            options: q.options,
          };
          if (!given) return shown;
          const answer = {
            choice: given.choice,
            correct: given.correct === 1,
            correctChoice: q.correctChoice,
            why: q.why,
          };
          return { ...shown, answer };
        }),
      };
    },

    async answer(
      userId: string,
      quizId: string,
      input: { questionId: string; choice: number },
    ): Promise<QuizAnswerResult> {
      const attempt = await repo.attemptWithSetOf(db, quizId, userId);
      if (!attempt) throw quizNotFound();
      const questions = storedQuestionsSchema.parse(JSON.parse(attempt.questions_json));
      const question = questions.find((q) => q.questionId === input.questionId);
      if (!question) throw quizNotFound();
      const correct = input.choice === question.correctChoice;
      const counted = await repo.insertAnswer(db, {
        attemptId: attempt.id,
        questionId: question.questionId,
        choice: input.choice,
        correct,
        createdAt: clock.now().toISOString(),
      });
      if (!counted) throw alreadyAnswered();
      if (deps.onCompleted) {
        const given = await repo.answerCountOf(db, attempt.id);
        if (given.answered >= questions.length) {
          const allCorrect = given.correct === given.answered;
          await deps.onCompleted(userId, attempt.explanation_id, allCorrect);
        }
      }
      return { correct, correctChoice: question.correctChoice, why: question.why };
    },

    async stateOf(explanationId: string): Promise<QuizState | undefined> {
      const row = await repo.quizStateOf(db, explanationId);
      return row ? toQuizState(row) : undefined;
    },

    /** The quiz states of several explanations in one read, by explanation id. */
    async statesOf(explanationIds: readonly string[]): Promise<Map<string, QuizState>> {
      const rows = await repo.quizStatesOf(db, explanationIds);
      return new Map(rows.map((row) => [row.explanation_id, toQuizState(row)]));
    },
  };
}
