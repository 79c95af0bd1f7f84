import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';

type Db = Kysely<DB> | Transaction<DB>;

export function followUpsOf(db: Db, explanationId: string) {
  return db
    .selectFrom('follow_ups')
    .select(['id', 'question', 'answer', 'created_at'])
    .where('explanation_id', '=', explanationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The follow-ups of several explanations in one query, each explanation's in order. */
export function followUpsOfMany(db: Db, explanationIds: readonly string[]) {
  if (explanationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('follow_ups')
    .select(['id', 'explanation_id', 'question', 'answer', 'created_at'])
    .where('explanation_id', 'in', explanationIds)
    .orderBy('explanation_id')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findFollowUp(db: Db, explanationId: string, questionKey: string) {
  return db
    .selectFrom('follow_ups')
    .select(['id', 'question', 'answer', 'created_at'])
    .where('explanation_id', '=', explanationId)
    .where('question_key', '=', questionKey)
    .orderBy('created_at')
    .executeTakeFirst();
}

/** Stores a follow-up unless its question was stored first (unique key); true when stored. */
export async function insertFollowUp(
  db: Db,
  row: {
    id: string;
    explanationId: string;
    questionKey: string;
    question: string;
    answer: string;
    created_at: string;
  },
): Promise<boolean> {
  const result = await db
    .insertInto('follow_ups')
    .values({
      id: row.id,
      explanation_id: row.explanationId,
      question_key: row.questionKey,
      question: row.question,
      answer: row.answer,
      created_at: row.created_at,
    })
    .onConflict((oc) => oc.columns(['explanation_id', 'question_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function reExplanationsOf(db: Db, explanationId: string) {
  return db
    .selectFrom('re_explanations')
    .select(['section', 'approach', 'answer', 'created_at'])
    .where('explanation_id', '=', explanationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The re-explanations of several explanations in one query, each explanation's in order. */
export function reExplanationsOfMany(db: Db, explanationIds: readonly string[]) {
  if (explanationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('re_explanations')
    .select(['explanation_id', 'section', 'approach', 'answer', 'created_at'])
    .where('explanation_id', 'in', explanationIds)
    .orderBy('explanation_id')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function insertReExplanation(
  db: Db,
  row: {
    id: string;
    explanationId: string;
    section: string;
    approach: string;
    answer: string;
    createdAt: string;
  },
): Promise<void> {
  await db
    .insertInto('re_explanations')
    .values({
      id: row.id,
      explanation_id: row.explanationId,
      section: row.section,
      approach: row.approach,
      answer: row.answer,
      created_at: row.createdAt,
    })
    .execute();
}

export async function quizSetOf(db: Db, answerId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('quiz_sets')
    .select('questions_json')
    .where('answer_id', '=', answerId)
    .executeTakeFirst();
  return row?.questions_json;
}

/** Keeps the first set stored for an answer: two instances may make one at the same time. */
export async function insertQuizSet(
  db: Db,
  row: { answerId: string; questionsJson: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('quiz_sets')
    .values({
      answer_id: row.answerId,
      questions_json: row.questionsJson,
      created_at: row.createdAt,
    })
    .onConflict((oc) => oc.column('answer_id').doNothing())
    .execute();
}

export function attemptForExplanation(db: Db, explanationId: string) {
  return db
    .selectFrom('quiz_attempts')
    .select(['id', 'answer_id'])
    .where('explanation_id', '=', explanationId)
    .executeTakeFirst();
}

/** The user's own attempt with its questions, in one read; undefined for anyone else's id. */
export function attemptWithSetOf(db: Db, attemptId: string, userId: string) {
  return db
    .selectFrom('quiz_attempts')
    .innerJoin('quiz_sets', 'quiz_sets.answer_id', 'quiz_attempts.answer_id')
    .select(['quiz_attempts.id', 'quiz_attempts.explanation_id', 'quiz_sets.questions_json'])
    .where('quiz_attempts.id', '=', attemptId)
    .where('quiz_attempts.user_id', '=', userId)
    .executeTakeFirst();
}

/** How many questions of an attempt are answered, and how many rightly. */
export async function answerCountOf(db: Db, attemptId: string) {
  const row = await db
    .selectFrom('quiz_answers')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('answered'),
      eb.fn.coalesce(eb.fn.sum<string | number>('correct'), eb.lit(0)).as('correct'),
    ])
    .where('attempt_id', '=', attemptId)
    .executeTakeFirstOrThrow();
  return { answered: Number(row.answered), correct: Number(row.correct) };
}

/** One attempt per explanation: a second insert (another tab) leaves the first. */
export async function insertAttempt(
  db: Db,
  row: { id: string; explanationId: string; userId: string; answerId: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('quiz_attempts')
    .values({
      id: row.id,
      explanation_id: row.explanationId,
      user_id: row.userId,
      answer_id: row.answerId,
      created_at: row.createdAt,
    })
    .onConflict((oc) => oc.column('explanation_id').doNothing())
    .execute();
}

export function answersOf(db: Db, attemptId: string) {
  return db
    .selectFrom('quiz_answers')
    .select(['question_id', 'choice', 'correct'])
    .where('attempt_id', '=', attemptId)
    .execute();
}

/** Stores an answer unless the question was answered already; true when this one counted. */
export async function insertAnswer(
  db: Db,
  row: {
    attemptId: string;
    questionId: string;
    choice: number;
    correct: boolean;
    createdAt: string;
  },
): Promise<boolean> {
  const result = await db
    .insertInto('quiz_answers')
    .values({
      attempt_id: row.attemptId,
      question_id: row.questionId,
      choice: row.choice,
      correct: row.correct ? 1 : 0,
      created_at: row.createdAt,
    })
    .onConflict((oc) => oc.columns(['attempt_id', 'question_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The quiz state of the record: score and answered count in one query. */
export function quizStateOf(db: Db, explanationId: string) {
  return db
    .selectFrom('quiz_attempts')
    .innerJoin('quiz_sets', 'quiz_sets.answer_id', 'quiz_attempts.answer_id')
    .leftJoin('quiz_answers', 'quiz_answers.attempt_id', 'quiz_attempts.id')
    .select((eb) => [
      'quiz_attempts.id',
      'quiz_sets.questions_json',
      eb.fn.count<string | number>('quiz_answers.question_id').as('answered'),
      eb.fn.coalesce(eb.fn.sum<string | number>('quiz_answers.correct'), eb.lit(0)).as('score'),
    ])
    .where('quiz_attempts.explanation_id', '=', explanationId)
    .groupBy(['quiz_attempts.id', 'quiz_sets.questions_json'])
    .executeTakeFirst();
}

/** quizStateOf for several explanations in one query (each has at most one attempt). */
export function quizStatesOf(db: Db, explanationIds: readonly string[]) {
  if (explanationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('quiz_attempts')
    .innerJoin('quiz_sets', 'quiz_sets.answer_id', 'quiz_attempts.answer_id')
    .leftJoin('quiz_answers', 'quiz_answers.attempt_id', 'quiz_attempts.id')
    .select((eb) => [
      'quiz_attempts.id',
      'quiz_attempts.explanation_id',
      'quiz_sets.questions_json',
      eb.fn.count<string | number>('quiz_answers.question_id').as('answered'),
      eb.fn.coalesce(eb.fn.sum<string | number>('quiz_answers.correct'), eb.lit(0)).as('score'),
    ])
    .where('quiz_attempts.explanation_id', 'in', explanationIds)
    .groupBy(['quiz_attempts.id', 'quiz_attempts.explanation_id', 'quiz_sets.questions_json'])
    .execute();
}

/** Account deletion: the user's quiz attempts (and their answers, by cascade). */
export async function deleteQuizAttemptsOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('quiz_attempts').where('user_id', '=', userId).execute();
}
