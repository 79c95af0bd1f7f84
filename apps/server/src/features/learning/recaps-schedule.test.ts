import { describe, expect, it } from 'vitest';
import { firstRating, newCard, previewCard, readCard, reviewCard } from './recaps-schedule.ts';

const EXPLAINED = new Date('2026-03-02T09:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const daysAfter = (iso: string, from: Date) => (new Date(iso).getTime() - from.getTime()) / DAY;

describe('recap scheduling (FSRS through ts-fsrs)', () => {
  it('takes the first rating from the quiz: all right is good, any wrong is again, none is good', () => {
    expect(firstRating({ allCorrect: true })).toBe('good');
    expect(firstRating({ allCorrect: false })).toBe('again');
    expect(firstRating(null)).toBe('good');
  });

  it('brings a card first rated again back sooner than one rated good', () => {
    const again = newCard(EXPLAINED, 'again');
    const good = newCard(EXPLAINED, 'good');
    expect(daysAfter(again.dueAt, EXPLAINED)).toBeGreaterThan(0);
    expect(daysAfter(again.dueAt, EXPLAINED)).toBeLessThanOrEqual(1);
    expect(daysAfter(good.dueAt, EXPLAINED)).toBeGreaterThan(daysAfter(again.dueAt, EXPLAINED));
    // The stored card is the library's own, with its due date beside it for the index.
    expect(readCard(good.fsrsJson).due.toISOString()).toBe(good.dueAt);
    expect(readCard(good.fsrsJson).reps).toBe(1);
  });

  it('after a review, again is due soon and easy much later', () => {
    const card = newCard(EXPLAINED, 'good');
    const now = new Date(card.dueAt);
    const again = reviewCard(card.fsrsJson, now, 'again');
    const easy = reviewCard(card.fsrsJson, now, 'easy');
    expect(daysAfter(again.dueAt, now)).toBeLessThanOrEqual(1);
    expect(daysAfter(easy.dueAt, now)).toBeGreaterThan(7);
    expect(readCard(again.fsrsJson).lapses).toBe(1);
  });

  it('previews the four next dates in order, and the review keeps to the preview', () => {
    const card = newCard(EXPLAINED, 'good');
    const now = new Date(card.dueAt);
    const next = previewCard(card.fsrsJson, now);
    const times = [next.again, next.hard, next.good, next.easy].map((d) => Date.parse(d));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(new Set(times).size).toBe(4);
    expect(reviewCard(card.fsrsJson, now, 'good').dueAt).toBe(next.good);
    expect(reviewCard(card.fsrsJson, now, 'hard').dueAt).toBe(next.hard);
  });

  it('counts a good review of a card many days overdue as a longer interval', () => {
    const card = newCard(EXPLAINED, 'good');
    const onTime = reviewCard(card.fsrsJson, new Date(card.dueAt), 'good');
    const late = new Date(Date.parse(card.dueAt) + 20 * DAY);
    const overdue = reviewCard(card.fsrsJson, late, 'good');
    expect(daysAfter(overdue.dueAt, late)).toBeGreaterThan(
      daysAfter(onTime.dueAt, new Date(card.dueAt)),
    );
  });
});
