import { describe, expect, it } from 'vitest';
import { dueIn, dueInWords } from './due-dates.ts';

const NOW = Date.parse('2026-05-04T08:00:00.000Z');
const after = (ms: number) => new Date(NOW + ms).toISOString();
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

describe('due dates on the rating buttons', () => {
  it.each([
    [10 * MIN, '10 min', 'in 10 minutes'],
    [20_000, '1 min', 'in 1 minute'],
    [5 * 60 * MIN, '5 h', 'in 5 hours'],
    [DAY, '1 day', 'in 1 day'],
    [3 * DAY + 5 * 60 * MIN, '3 days', 'in 3 days'],
    [15 * DAY, '2 wk', 'in 2 weeks'],
    [95 * DAY, '3 mo', 'in 3 months'],
    [400 * DAY, '1.1 yr', 'in 1.1 years'],
  ])('%d ms from now reads %s', (ms, short, words) => {
    expect(dueIn(after(ms), NOW)).toBe(short);
    expect(dueInWords(after(ms), NOW)).toBe(words);
  });

  it('never reads a past date as negative', () => {
    expect(dueIn(after(-DAY), NOW)).toBe('1 min');
  });
});
