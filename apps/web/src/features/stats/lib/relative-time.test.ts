import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time.ts';

const now = new Date(2025, 5, 15, 12, 0, 0);
const ago = (ms: number) => new Date(now.getTime() - ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it.each([
    [0, 'just now'],
    [59 * SECOND, 'just now'],
    [MINUTE, '1m ago'],
    [59 * MINUTE + 59 * SECOND, '59m ago'],
    [HOUR, '1h ago'],
    [23 * HOUR + 59 * MINUTE, '23h ago'],
    [DAY, '1d ago'],
    [6 * DAY + 23 * HOUR, '6d ago'],
  ])('%i ms ago reads "%s"', (elapsed, expected) => {
    expect(relativeTime(ago(elapsed), now)).toBe(expected);
  });

  it('gives a short date from seven days on, with the year only for another year', () => {
    expect(relativeTime(ago(7 * DAY), now)).toBe('8 Jun');
    expect(relativeTime(new Date(2024, 11, 31, 9, 30), now)).toBe('31 Dec 2024');
  });

  it('reads ISO strings and timestamps as the API sends them', () => {
    expect(relativeTime(ago(5 * MINUTE).toISOString(), now)).toBe('5m ago');
    expect(relativeTime(ago(3 * HOUR).getTime(), now.getTime())).toBe('3h ago');
  });

  it('treats a time slightly in the future as just now, and nonsense as nothing', () => {
    expect(relativeTime(new Date(now.getTime() + 30 * SECOND), now)).toBe('just now');
    expect(relativeTime('not a date', now)).toBe('');
  });
});
