import { describe, expect, it } from 'vitest';
import { learningStreak } from './learning-streak.ts';

const now = new Date(2025, 2, 10, 9, 0);
/** A local date-time `daysAgo` days before `now`, at the given hour. */
const at = (daysAgo: number, hour = 12) => new Date(2025, 2, 10 - daysAgo, hour, 30).toISOString();

describe('learningStreak', () => {
  it('is zero without activity', () => {
    expect(learningStreak([], now)).toEqual({ days: 0, endsToday: false, reachesOldest: false });
  });

  it('counts consecutive days ending today, once per day', () => {
    const dates = [at(0, 8), at(0, 7), at(1), at(2), at(2, 20), at(5), at(6)];
    expect(learningStreak(dates, now)).toEqual({ days: 3, endsToday: true, reachesOldest: false });
  });

  it('still counts a streak that ended yesterday', () => {
    expect(learningStreak([at(1), at(2)], now)).toMatchObject({ days: 2, endsToday: false });
  });

  it('is broken by a day without activity before yesterday', () => {
    expect(learningStreak([at(2), at(3), at(4)], now).days).toBe(0);
  });

  it('crosses month boundaries and ignores unreadable dates', () => {
    const dates = Array.from({ length: 12 }, (_, i) => at(i)).concat('nonsense');
    expect(learningStreak(dates, now)).toMatchObject({ days: 12, reachesOldest: true });
  });

  it('says when the streak reaches the oldest date it was given', () => {
    expect(learningStreak([at(0), at(1)], now).reachesOldest).toBe(true);
    expect(learningStreak([at(0), at(3)], now).reachesOldest).toBe(false);
  });

  it('counts a day with a recap review like a day with an explanation', () => {
    const explanations = [at(0), at(2)];
    const reviews = [at(1, 7), at(1, 21), at(3)];
    expect(learningStreak([...explanations, ...reviews], now).days).toBe(4);
  });

  it('says whether the streak reaches the oldest date of a list cut short', () => {
    const dates = [at(0), at(1), at(2), at(3)];
    expect(learningStreak(dates, now, at(2)).reachesOldest).toBe(true);
    expect(learningStreak([at(0), at(3)], now, at(3)).reachesOldest).toBe(false);
  });
});
