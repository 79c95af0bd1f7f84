import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Bulk reads of where many users stand on many concepts, for a class's progress: each is one
 * query whatever the number of users and concepts, on the indexes (user_id, concept_key) and
 * (user_id, query_key).
 */

export function cardsOf(db: Db, userIds: readonly string[], keys: readonly string[]) {
  return db
    .selectFrom('recap_cards')
    .select(['user_id', 'concept_key', 'due_at', 'known_at'])
    .where('user_id', 'in', userIds)
    .where('concept_key', 'in', keys)
    .execute();
}

/** When each user was first given each concept (an explanation not yet turned into a card). */
export function firstExplanationsOf(db: Db, userIds: readonly string[], keys: readonly string[]) {
  return db
    .selectFrom('explanations')
    .select((eb) => ['user_id', 'query_key', eb.fn.min('created_at').as('first_at')])
    .where('user_id', 'in', userIds)
    .where('query_key', 'in', keys)
    .groupBy(['user_id', 'query_key'])
    .execute();
}

/** Every quiz attempt with answers on these users' explanations of these concepts, with its score. */
export function quizScoresOf(db: Db, userIds: readonly string[], keys: readonly string[]) {
  return db
    .selectFrom('explanations')
    .innerJoin('quiz_attempts', 'quiz_attempts.explanation_id', 'explanations.id')
    .innerJoin('quiz_answers', 'quiz_answers.attempt_id', 'quiz_attempts.id')
    .select((eb) => [
      'explanations.user_id',
      'explanations.query_key',
      'quiz_attempts.created_at',
      eb.fn.sum<number | string>('quiz_answers.correct').as('correct'),
      eb.fn.count<number | string>('quiz_answers.question_id').as('answered'),
    ])
    .where('explanations.user_id', 'in', userIds)
    .where('explanations.query_key', 'in', keys)
    .groupBy([
      'quiz_attempts.id',
      'explanations.user_id',
      'explanations.query_key',
      'quiz_attempts.created_at',
    ])
    .execute();
}
