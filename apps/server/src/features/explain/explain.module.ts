import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * What other features may read of the explain feature's records, so its tables stay its own:
 * a user's explanations with their answer texts, as a query the caller narrows and orders
 * (by `explanations.created_at`, `explanations.id`, `explanations.query_key`).
 */
export const explanationsWithText = (db: Db, userId: string) =>
  db
    .selectFrom('explanations')
    .innerJoin('answer_texts', 'answer_texts.id', 'explanations.answer_id')
    .select([
      'explanations.id',
      'explanations.concept_name',
      'explanations.query_key',
      'explanations.answer_id',
      'explanations.created_at',
      'answer_texts.text',
    ])
    .where('explanations.user_id', '=', userId);
