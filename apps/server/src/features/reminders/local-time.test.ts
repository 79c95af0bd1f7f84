import { describe, expect, it } from 'vitest';
import { dayBefore, localTime, streakEndingToday } from './local-time.ts';

describe('local time', () => {
  it('reads the day and hour in half-hour zones and across daylight saving time', () => {
    expect(localTime('Asia/Kolkata', new Date('2026-11-23T18:45:00Z'))).toEqual({
      day: '2026-11-24',
      hour: 0,
    });
    expect(localTime('America/New_York', new Date('2026-10-31T13:00:00Z')).hour).toBe(9);
    expect(localTime('America/New_York', new Date('2026-11-02T13:00:00Z')).hour).toBe(8);
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
  });

  it('tells the streak that ends today, in the learner’s zone', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const moments = ['2026-11-23T10:00:00Z', '2026-11-24T10:00:00Z'];
    expect(streakEndingToday(moments, 'UTC', now)).toBe(2);
    expect(streakEndingToday([...moments, '2026-11-25T08:00:00Z'], 'UTC', now)).toBeNull();
    expect(streakEndingToday(['2026-11-22T10:00:00Z'], 'UTC', now)).toBeNull();
    // 20:00 UTC on the 24th is already the 25th in Kolkata: today counts there.
    expect(streakEndingToday(['2026-11-24T20:00:00Z'], 'Asia/Kolkata', now)).toBeNull();
  });
});
