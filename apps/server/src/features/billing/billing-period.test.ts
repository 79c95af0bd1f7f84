import { describe, expect, it } from 'vitest';
import { addOneMonth } from './billing-period.ts';

describe('addOneMonth', () => {
  it.each([
    ['2026-01-15T10:00:00.000Z', '2026-02-15T10:00:00.000Z'],
    ['2026-01-31T23:59:00.000Z', '2026-02-28T23:59:00.000Z'],
    ['2028-01-31T00:00:00.000Z', '2028-02-29T00:00:00.000Z'],
    ['2026-12-20T05:00:00.000Z', '2027-01-20T05:00:00.000Z'],
    ['2026-03-31T00:00:00.000Z', '2026-04-30T00:00:00.000Z'],
  ])('%s → %s', (from, to) => {
    expect(addOneMonth(new Date(from)).toISOString()).toBe(to);
  });
});
