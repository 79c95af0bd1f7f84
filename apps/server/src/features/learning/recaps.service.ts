import {
  type ConceptStatus,
  ERROR_CODES,
  RECAP_DUE_LIMIT,
  RECAP_MESSAGES,
  type RecapItem,
  type RecapRating,
  type RecapReviewResponse,
  type RecapsResponse,
} from '@grasp/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { queryKey } from '../../lib/query-key.ts';
import { storedQuestionsSchema } from './quizzes.ts';
import * as repo from './recaps.repository.ts';
import { type GivenAnswer, recapQuestion } from './recaps-question.ts';
import {
  FIRST_RECAP_AFTER_MS,
  firstRating,
  newCard,
  previewCard,
  reviewCard,
} from './recaps-schedule.ts';
import { takeawayOf } from './recaps-takeaway.ts';

/**
 * Where cards come from, and why there: explaining must stay fast (it is the product's hot
 * path, with batched writes), so an explanation writes nothing for recaps. Cards are made
 * lazily, when the user's recaps (or a distillation's statuses) are read, from the explanations
 * after the user's sync mark; a completed quiz gives its card the first rating at once.
 */
const SYNC_BATCH = 500;
/** Explanations this much older than the newest one read are read again at the next sync:
 * a message written late (batched writes, another instance's clock) is still seen. */
const SYNC_OVERLAP_MS = 2 * 60 * 1000;
/** Hours with a review sent for the streak: months of daily recaps. */
const STREAK_HOURS = 250;

export interface RecapsDeps {
  db: Kysely<DB>;
  clock: Clock;
}

type Explanation = Awaited<ReturnType<typeof repo.explanationsToSync>>[number];

const cardNotFound = () => new AppError(404, ERROR_CODES.notFound, RECAP_MESSAGES.cardNotFound);
const notDue = () => new AppError(409, ERROR_CODES.conflict, RECAP_MESSAGES.notDue);

function parseQuestions(json: string | null) {
  if (!json) return [];
  const parsed = storedQuestionsSchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : [];
}

export function createRecapsService(deps: RecapsDeps) {
  const { db, clock } = deps;
  const takeaways = new Map<string, string>();

  /** Answer texts are shared: a takeaway is worked out once per text and process (bounded). */
  function takeawayFor(row: { answer_id: string; text: string; concept_name: string }) {
    let takeaway = takeaways.get(row.answer_id);
    if (takeaway === undefined) {
      takeaway = takeawayOf(row.text, row.concept_name);
      if (takeaways.size >= 5_000) takeaways.clear();
      takeaways.set(row.answer_id, takeaway);
    }
    return takeaway;
  }

  /** Cards for a batch of explanations: a new concept gets one, a known one its latest text. */
  async function cardsFor(userId: string, rows: readonly Explanation[]): Promise<void> {
    const byKey = new Map<string, { first: Explanation; latest: Explanation }>();
    for (const row of rows) {
      const seen = byKey.get(row.query_key);
      byKey.set(row.query_key, { first: seen?.first ?? row, latest: row });
    }
    const existing = new Map(
      (await repo.cardsByKeys(db, userId, [...byKey.keys()])).map((c) => [c.concept_key, c]),
    );
    const now = clock.now().toISOString();
    const fresh: repo.NewCard[] = [];
    for (const [key, { first, latest }] of byKey) {
      const card = existing.get(key);
      const pointer = {
        explanationId: latest.id,
        answerId: latest.answer_id,
        explainedAt: latest.created_at,
        query: latest.concept_name,
        takeaway: takeawayFor(latest),
      };
      if (card) {
        if (card.explained_at < latest.created_at) await repo.repointCard(db, card.id, pointer);
        continue;
      }
      // Rated as of the first explanation: a concept explained last week is due by now.
      const scheduled = newCard(new Date(first.created_at), firstRating(null));
      fresh.push({
        id: newId(),
        userId,
        conceptKey: key,
        ...pointer,
        ...scheduled,
        quizRated: false,
        now,
      });
    }
    await insertCounted(userId, fresh);
  }

  /** New cards and the user's card count, together. */
  async function insertCounted(userId: string, cards: repo.NewCard[]): Promise<void> {
    if (cards.length === 0) return;
    await db.transaction().execute(async (tx) => {
      await repo.addToCardCount(tx, userId, await repo.insertCards(tx, cards));
    });
  }

  /** Turns the explanations after the user's sync mark into cards, then moves the mark. */
  async function sync(userId: string): Promise<void> {
    let after: { createdAt: string; id: string } | null = null;
    for (;;) {
      const rows = await repo.explanationsToSync(db, userId, after, SYNC_BATCH);
      const last = rows.at(-1);
      if (!last) break;
      await cardsFor(userId, rows);
      after = { createdAt: last.created_at, id: last.id };
      if (rows.length < SYNC_BATCH) break;
    }
    if (!after) return;
    const mark = new Date(Date.parse(after.createdAt) - SYNC_OVERLAP_MS).toISOString();
    await repo.saveSyncMark(db, userId, mark);
  }

  async function dueItems(userId: string, now: Date): Promise<RecapItem[]> {
    const rows = await repo.dueCards(db, userId, now.toISOString(), RECAP_DUE_LIMIT);
    const attemptIds = rows.flatMap((r) => (r.quiz_id ? [r.quiz_id] : []));
    const answers = new Map<string, Map<string, GivenAnswer>>();
    for (const a of await repo.quizAnswersOf(db, attemptIds)) {
      const given = answers.get(a.attempt_id) ?? new Map<string, GivenAnswer>();
      given.set(a.question_id, { choice: a.choice, correct: a.correct === 1 });
      answers.set(a.attempt_id, given);
    }
    return rows.map((row) => {
      const question = recapQuestion(
        parseQuestions(row.questions_json),
        (row.quiz_id && answers.get(row.quiz_id)) || new Map(),
        row.quiz_id ?? undefined,
        row.reviews,
      );
      return {
        cardId: row.id,
        query: row.query,
        explanationId: row.explanation_id,
        dueAt: row.due_at,
        takeaway: row.takeaway,
        ...(question ? { question } : {}),
        next: previewCard(row.fsrs_json, now),
      };
    });
  }

  return {
    /** Account deletion's step: the user's recap cards and reviews go. */
    forgetUser: (tx: Kysely<DB> | Transaction<DB>, userId: string) =>
      repo.deleteRecapsOf(tx, userId),

    /** The user's cards for an export. */
    async cardsOf(userId: string) {
      return (await repo.cardsOf(db, userId)).map((card) => ({
        concept: card.query,
        takeaway: card.takeaway,
        explainedAt: card.explained_at,
        dueAt: card.due_at,
        reviews: card.reviews,
        knownAt: card.known_at,
        createdAt: card.created_at,
      }));
    },
    /** The caller's recap queue (DESIGN.md §8); makes the cards of new explanations first. */
    async queue(userId: string): Promise<RecapsResponse> {
      await sync(userId);
      const now = clock.now();
      const [due, counts] = await Promise.all([
        dueItems(userId, now),
        repo.queueCounts(db, userId, now.toISOString()),
      ]);
      return { due, upcoming: counts.upcoming, dueCount: counts.due, nextDueAt: counts.nextDueAt };
    },

    /**
     * One review, one atomic write: the card's new schedule and the review row in one
     * transaction, counted only if the card is due and unchanged since it was read, so two
     * tabs reviewing it at once cannot both count.
     */
    async review(
      userId: string,
      cardId: string,
      rating: RecapRating,
    ): Promise<RecapReviewResponse> {
      const card = await repo.cardOf(db, userId, cardId);
      if (!card) throw cardNotFound();
      const now = clock.now();
      const reviewedAt = now.toISOString();
      if (card.due_at > reviewedAt) throw notDue();
      const next = reviewCard(card.fsrs_json, now, rating);
      await db.transaction().execute(async (tx) => {
        const counted = await repo.applyReview(tx, {
          cardId,
          version: card.version,
          ...next,
          known: rating === 'good' || rating === 'easy',
          now: reviewedAt,
        });
        if (!counted) throw notDue();
        await repo.insertReview(tx, {
          id: newId(),
          cardId,
          userId,
          rating,
          reviewedAt,
          dueBefore: card.due_at,
          dueAfter: next.dueAt,
        });
      });
      return { cardId, dueAt: next.dueAt };
    },

    /** A quiz was completed: its result is the first rating of the concept's card. */
    async quizCompleted(userId: string, explanationId: string, allCorrect: boolean) {
      const explanation = await repo.explanationForCard(db, userId, explanationId);
      if (!explanation) return;
      const now = clock.now();
      const scheduled = newCard(now, firstRating({ allCorrect }));
      const stamp = now.toISOString();
      await insertCounted(userId, [
        {
          id: newId(),
          userId,
          conceptKey: explanation.query_key,
          query: explanation.concept_name,
          explanationId: explanation.id,
          answerId: explanation.answer_id,
          explainedAt: explanation.created_at,
          takeaway: takeawayFor(explanation),
          ...scheduled,
          quizRated: true,
          now: stamp,
        },
      ]);
      // The card existed already (made by a sync): rate it unless it was rated or reviewed.
      await repo.rateFromQuiz(db, userId, explanation.query_key, { ...scheduled, now: stamp });
    },

    /** Where each concept stands for the user: new, explained, due or known. */
    async statusOf(userId: string, concepts: readonly string[]) {
      await sync(userId);
      const keys = concepts.map(queryKey);
      const cards = new Map(
        (await repo.cardsByKeys(db, userId, [...new Set(keys)])).map((c) => [c.concept_key, c]),
      );
      const now = clock.now().toISOString();
      const status: Record<string, ConceptStatus> = {};
      concepts.forEach((name, i) => {
        const card = cards.get(keys[i] ?? '');
        if (!card) status[name] = 'new';
        else if (card.due_at <= now) status[name] = 'due';
        else status[name] = card.known_at ? 'known' : 'explained';
      });
      return status;
    },

    /**
     * How many recaps each of these users has due now, for the reminder job: their due cards and
     * the concepts explained long enough ago whose cards are not made yet (they are made when the
     * user next opens their recaps). Two queries, however many users.
     */
    async dueCounts(userIds: readonly string[]): Promise<Map<string, number>> {
      const now = clock.now();
      const cutoff = new Date(now.getTime() - FIRST_RECAP_AFTER_MS).toISOString();
      const [cards, pending] = await Promise.all([
        repo.dueCountsOf(db, userIds, now.toISOString()),
        repo.pendingConceptsOf(db, userIds, cutoff),
      ]);
      const counts = new Map<string, number>();
      for (const row of [...cards, ...pending]) {
        counts.set(row.user_id, (counts.get(row.user_id) ?? 0) + Number(row.n));
      }
      return counts;
    },

    /**
     * Moments of these users' explanations and reviews since `since` (the first and last of each
     * hour with one), for their streaks: one query, however many users.
     */
    async activityOf(userIds: readonly string[], since: Date): Promise<Map<string, string[]>> {
      const moments = new Map<string, string[]>();
      for (const row of await repo.activityHoursOf(db, userIds, since.toISOString())) {
        const list = moments.get(row.user_id) ?? [];
        list.push(row.first, row.last);
        moments.set(row.user_id, list);
      }
      return moments;
    },

    /** Moments of the user's latest reviews, newest first: for the learning streak. */
    async reviewMoments(userId: string): Promise<string[]> {
      const hours = await repo.reviewHours(db, userId, STREAK_HOURS);
      return hours.flatMap((h) => (h.first === h.last ? [h.last] : [h.last, h.first]));
    },
  };
}
export type RecapsService = ReturnType<typeof createRecapsService>;
