import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';
import { explanationsWithText } from '../explain/explain.module.ts';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The user's explanations not yet turned into cards: those after the user's sync mark (all of
 * them the first time) that no card of their concept covers yet, oldest first, from a keyset
 * cursor. Explanations a card already reflects are left out in the query itself, so reading
 * again what came just before the mark costs only index seeks.
 */
export function explanationsToSync(
  db: Db,
  userId: string,
  after: { createdAt: string; id: string } | null,
  limit: number,
) {
  let query = explanationsWithText(db, userId)
    .where((eb) =>
      eb(
        'explanations.created_at',
        '>',
        eb.fn.coalesce(
          eb.selectFrom('recap_sync').select('synced_until').where('user_id', '=', userId),
          eb.val(''),
        ),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('recap_cards')
            .select(eb.lit(1).as('one'))
            .where('recap_cards.user_id', '=', userId)
            .whereRef('recap_cards.concept_key', '=', 'explanations.query_key')
            .whereRef('recap_cards.explained_at', '>=', 'explanations.created_at'),
        ),
      ),
    );
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('explanations.created_at', '>', after.createdAt),
        eb.and([
          eb('explanations.created_at', '=', after.createdAt),
          eb('explanations.id', '>', after.id),
        ]),
      ]),
    );
  }
  return query.orderBy('explanations.created_at').orderBy('explanations.id').limit(limit).execute();
}

/** One of the user's explanations with its answer text, for the card of its concept. */
export function explanationForCard(db: Db, userId: string, explanationId: string) {
  return explanationsWithText(db, userId)
    .where('explanations.id', '=', explanationId)
    .executeTakeFirst();
}

/** Moves the user's sync mark forward (never back: two syncs may race). */
export async function saveSyncMark(db: Db, userId: string, until: string): Promise<void> {
  await db
    .insertInto('recap_sync')
    .values({ user_id: userId, synced_until: until })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ synced_until: until })
        .where('recap_sync.synced_until', '<', until),
    )
    .execute();
}

export function cardsByKeys(db: Db, userId: string, keys: readonly string[]) {
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('recap_cards')
    .select(['id', 'concept_key', 'explained_at', 'due_at', 'known_at'])
    .where('user_id', '=', userId)
    .where('concept_key', 'in', keys)
    .execute();
}

export interface NewCard {
  id: string;
  userId: string;
  conceptKey: string;
  query: string;
  explanationId: string;
  answerId: string;
  explainedAt: string;
  takeaway: string;
  dueAt: string;
  fsrsJson: string;
  quizRated: boolean;
  now: string;
}

/**
 * Inserts cards; one the user already has for that concept (another tab's sync) is kept.
 * Answers how many were new; the caller adds them to the user's count in the same transaction.
 */
export async function insertCards(db: Db, cards: readonly NewCard[]): Promise<number> {
  if (cards.length === 0) return 0;
  const result = await db
    .insertInto('recap_cards')
    .values(
      cards.map((c) => ({
        id: c.id,
        user_id: c.userId,
        concept_key: c.conceptKey,
        query: c.query,
        explanation_id: c.explanationId,
        answer_id: c.answerId,
        explained_at: c.explainedAt,
        takeaway: c.takeaway,
        due_at: c.dueAt,
        fsrs_json: c.fsrsJson,
        quiz_rated: c.quizRated ? 1 : 0,
        created_at: c.now,
        updated_at: c.now,
      })),
    )
    .onConflict((oc) => oc.columns(['user_id', 'concept_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** Adds new cards to the user's count (recap_sync.cards). */
export async function addToCardCount(db: Db, userId: string, added: number): Promise<void> {
  if (added === 0) return;
  await db
    .insertInto('recap_sync')
    .values({ user_id: userId, synced_until: '', cards: added })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({ cards: eb('recap_sync.cards', '+', added) })),
    )
    .execute();
}

/** Points a card at a newer explanation of its concept; its schedule stays. */
export async function repointCard(
  db: Db,
  cardId: string,
  to: {
    explanationId: string;
    answerId: string;
    explainedAt: string;
    query: string;
    takeaway: string;
  },
): Promise<void> {
  await db
    .updateTable('recap_cards')
    .set({
      explanation_id: to.explanationId,
      answer_id: to.answerId,
      explained_at: to.explainedAt,
      query: to.query,
      takeaway: to.takeaway,
    })
    .where('id', '=', cardId)
    .where('explained_at', '<', to.explainedAt)
    .execute();
}

/**
 * Gives a card its first rating from a completed quiz, unless one was given already, the card
 * has been reviewed, or it is due: a quiz finished during a recap leaves the rating to the
 * recap's own review.
 */
export async function rateFromQuiz(
  db: Db,
  userId: string,
  conceptKey: string,
  card: { dueAt: string; fsrsJson: string; now: string },
): Promise<void> {
  await db
    .updateTable('recap_cards')
    .set((eb) => ({
      due_at: card.dueAt,
      fsrs_json: card.fsrsJson,
      quiz_rated: 1,
      version: eb('version', '+', 1),
      updated_at: card.now,
    }))
    .where('user_id', '=', userId)
    .where('concept_key', '=', conceptKey)
    .where('reviews', '=', 0)
    .where('quiz_rated', '=', 0)
    .where('due_at', '>', card.now)
    .execute();
}

/** The due cards, longest overdue first, with the quiz of their explanation where one exists. */
export function dueCards(db: Db, userId: string, now: string, limit: number) {
  return db
    .selectFrom('recap_cards')
    .leftJoin('quiz_sets', 'quiz_sets.answer_id', 'recap_cards.answer_id')
    .leftJoin('quiz_attempts', 'quiz_attempts.explanation_id', 'recap_cards.explanation_id')
    .select([
      'recap_cards.id',
      'recap_cards.query',
      'recap_cards.explanation_id',
      'recap_cards.takeaway',
      'recap_cards.due_at',
      'recap_cards.fsrs_json',
      'recap_cards.reviews',
      'quiz_sets.questions_json',
      'quiz_attempts.id as quiz_id',
    ])
    .where('recap_cards.user_id', '=', userId)
    .where('recap_cards.due_at', '<=', now)
    .orderBy('recap_cards.due_at')
    .orderBy('recap_cards.id')
    .limit(limit)
    .execute();
}

/**
 * How many cards are due, how many not yet, and when the next of those falls due, in one
 * round trip: the user's kept count, an index range over the due cards and one index seek.
 */
export async function queueCounts(db: Db, userId: string, now: string) {
  const cards = () => db.selectFrom('recap_cards').where('user_id', '=', userId);
  const row = await db
    .selectNoFrom([
      db.selectFrom('recap_sync').select('cards').where('user_id', '=', userId).as('total'),
      cards()
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('due_at', '<=', now)
        .as('due'),
      cards()
        .select((eb) => eb.fn.min<string>('due_at').as('d'))
        .where('due_at', '>', now)
        .as('next_due'),
    ])
    .executeTakeFirst();
  const total = Number(row?.total ?? 0);
  const due = Number(row?.due ?? 0);
  return {
    due,
    upcoming: Math.max(0, total - due),
    nextDueAt: (row?.next_due as string | null | undefined) ?? null,
  };
}

export function quizAnswersOf(db: Db, attemptIds: readonly string[]) {
  if (attemptIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('quiz_answers')
    .select(['attempt_id', 'question_id', 'choice', 'correct'])
    .where('attempt_id', 'in', attemptIds)
    .execute();
}

/** One of the user's cards; undefined for anyone else's id. */
export function cardOf(db: Db, userId: string, cardId: string) {
  return db
    .selectFrom('recap_cards')
    .select(['id', 'due_at', 'fsrs_json', 'version'])
    .where('id', '=', cardId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Writes a review's outcome if the card is still as it was read (its version): of two reviews
 * racing, the second changes nothing. True when this one counted.
 */
export async function applyReview(
  db: Db,
  review: {
    cardId: string;
    version: number;
    dueAt: string;
    fsrsJson: string;
    known: boolean;
    now: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('recap_cards')
    .set((eb) => ({
      due_at: review.dueAt,
      fsrs_json: review.fsrsJson,
      reviews: eb('reviews', '+', 1),
      version: eb('version', '+', 1),
      updated_at: review.now,
      ...(review.known ? { known_at: eb.fn.coalesce('known_at', eb.val(review.now)) } : {}),
    }))
    .where('id', '=', review.cardId)
    .where('version', '=', review.version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertReview(
  db: Db,
  row: {
    id: string;
    cardId: string;
    userId: string;
    rating: string;
    reviewedAt: string;
    dueBefore: string;
    dueAfter: string;
  },
): Promise<void> {
  await db
    .insertInto('recap_reviews')
    .values({
      id: row.id,
      card_id: row.cardId,
      user_id: row.userId,
      rating: row.rating,
      reviewed_at: row.reviewedAt,
      due_before: row.dueBefore,
      due_after: row.dueAfter,
    })
    .execute();
}

/**
 * The first and last review of each hour (UTC) with one, newest hours first. A local midnight
 * falls at most once inside an hour, so these two still show every day with a review, in any
 * time zone, from far fewer rows than the reviews themselves.
 */
export function reviewHours(db: Db, userId: string, limit: number) {
  const hour = sql<string>`substr(reviewed_at, 1, 13)`;
  return db
    .selectFrom('recap_reviews')
    .select((eb) => [
      eb.fn.min<string>('reviewed_at').as('first'),
      eb.fn.max<string>('reviewed_at').as('last'),
    ])
    .where('user_id', '=', userId)
    .groupBy(hour)
    .orderBy(hour, 'desc')
    .limit(limit)
    .execute();
}

/** How many cards of each of these users are due at `now`: one query for the whole batch. */
export function dueCountsOf(db: Db, userIds: readonly string[], now: string) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('recap_cards')
    .select((eb) => ['user_id', eb.fn.countAll<string | number>().as('n')])
    .where('user_id', 'in', userIds)
    .where('due_at', '<=', now)
    .groupBy('user_id')
    .execute();
}

/**
 * Concepts of these users explained (by `explainedBefore`) but not yet made into cards, because
 * the user has not opened their recaps since: one query for the whole batch.
 */
export function pendingConceptsOf(db: Db, userIds: readonly string[], explainedBefore: string) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('explanations')
    .leftJoin('recap_sync', 'recap_sync.user_id', 'explanations.user_id')
    .select((eb) => [
      'explanations.user_id',
      eb.fn.count<string | number>('explanations.query_key').distinct().as('n'),
    ])
    .where('explanations.user_id', 'in', userIds)
    .where('explanations.created_at', '<=', explainedBefore)
    .where((eb) =>
      eb('explanations.created_at', '>', eb.fn.coalesce('recap_sync.synced_until', eb.val(''))),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('recap_cards')
            .select(eb.lit(1).as('one'))
            .whereRef('recap_cards.user_id', '=', 'explanations.user_id')
            .whereRef('recap_cards.concept_key', '=', 'explanations.query_key'),
        ),
      ),
    )
    .groupBy('explanations.user_id')
    .execute();
}

/**
 * The first and last moment of each hour (UTC) in which these users explained or reviewed
 * something since `since`: enough to tell every local day with activity (see reviewHours).
 */
export function activityHoursOf(db: Db, userIds: readonly string[], since: string) {
  if (userIds.length === 0) return Promise.resolve([]);
  const moments = db
    .selectFrom('explanations')
    .select(['user_id', 'created_at as at'])
    .where('user_id', 'in', userIds)
    .where('created_at', '>=', since)
    .unionAll(
      db
        .selectFrom('recap_reviews')
        .select(['user_id', 'reviewed_at as at'])
        .where('user_id', 'in', userIds)
        .where('reviewed_at', '>=', since),
    );
  const hour = sql<string>`substr(m.at, 1, 13)`;
  return db
    .selectFrom(moments.as('m'))
    .select((eb) => [
      'm.user_id',
      eb.fn.min<string>('m.at').as('first'),
      eb.fn.max<string>('m.at').as('last'),
    ])
    .groupBy(['m.user_id', hour])
    .execute();
}

/** The user's recap cards for an export: concept, schedule and reviews. */
export function cardsOf(db: Db, userId: string) {
  return db
    .selectFrom('recap_cards')
    .select(['query', 'due_at', 'reviews', 'known_at', 'explained_at', 'takeaway', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** Account deletion: cards (their reviews by cascade) and the sync mark. */
export async function deleteRecapsOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('recap_reviews').where('user_id', '=', userId).execute();
  await db.deleteFrom('recap_cards').where('user_id', '=', userId).execute();
  await db.deleteFrom('recap_sync').where('user_id', '=', userId).execute();
}
