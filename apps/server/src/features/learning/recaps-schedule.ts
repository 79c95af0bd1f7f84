import type { RecapNext, RecapRating } from '@grasp/contract';
import { type Card, createEmptyCard, fsrs, type Grade, Rating, TypeConvert } from 'ts-fsrs';

/**
 * The scheduling of recaps, all of it by the `ts-fsrs` library (FSRS). A recap is about
 * concepts, not flash cards drilled in one sitting, so the short-term (minutes) learning steps
 * are off: "again" brings a card back the next day, "easy" about a week or more later. Fuzz
 * spreads cards made on the same day over nearby days.
 */
const scheduler = fsrs({ enable_short_term: false, enable_fuzz: true });

// The same schedule without fuzz: for guessing a card's first due date before the card exists.
const plainScheduler = fsrs({ enable_short_term: false, enable_fuzz: false });

const GRADES: Record<RecapRating, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};

/** A card as it is stored (fsrs_json) and its due date as a sortable ISO string. */
export interface ScheduledCard {
  fsrsJson: string;
  dueAt: string;
}

function stored(card: Card): ScheduledCard {
  return { fsrsJson: JSON.stringify(card), dueAt: card.due.toISOString() };
}

export function readCard(fsrsJson: string): Card {
  return TypeConvert.card(JSON.parse(fsrsJson) as Card);
}

/**
 * The first rating of a card (DESIGN.md §8): a completed quiz answered all right is good, any
 * wrong answer is again; without a quiz, good.
 */
export function firstRating(quiz: { allCorrect: boolean } | null): RecapRating {
  if (!quiz) return 'good';
  return quiz.allCorrect ? 'good' : 'again';
}

/** A new card, rated once at `at` (when the explanation was given, or the quiz completed). */
export function newCard(at: Date, rating: RecapRating): ScheduledCard {
  return stored(scheduler.next(createEmptyCard(at), at, GRADES[rating]).card);
}

/**
 * How long after an explanation (no quiz) its card is first due, give or take the fuzz: for
 * reading many users' statuses without making their cards. Without fuzz it is the same for all.
 */
export const FIRST_DUE_AFTER_MS = (() => {
  const at = new Date(0);
  return plainScheduler.next(createEmptyCard(at), at, GRADES.good).card.due.getTime();
})();

/** The card after a review with this rating at `now`. */
export function reviewCard(fsrsJson: string, now: Date, rating: RecapRating): ScheduledCard {
  return stored(scheduler.next(readCard(fsrsJson), now, GRADES[rating]).card);
}

/** When the card would be due after each rating, were it reviewed at `now`. */
export function previewCard(fsrsJson: string, now: Date): RecapNext {
  const preview = scheduler.repeat(readCard(fsrsJson), now);
  const dueAfter = (rating: RecapRating) => preview[GRADES[rating]].card.due.toISOString();
  return {
    again: dueAfter('again'),
    hard: dueAfter('hard'),
    good: dueAfter('good'),
    easy: dueAfter('easy'),
  };
}

/**
 * How long after an explanation its card falls due when it is first rated good, fuzz aside: an
 * explanation not yet turned into a card counts as a due recap after this (the reminder job).
 */
export const FIRST_RECAP_AFTER_MS = (() => {
  const at = new Date(0);
  const card = fsrs({ enable_short_term: false, enable_fuzz: false }).next(
    createEmptyCard(at),
    at,
    Rating.Good,
  ).card;
  return card.due.getTime();
})();
