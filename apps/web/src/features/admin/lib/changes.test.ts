import { describe, expect, it } from 'vitest';
import { describeChanges, readable } from './changes.ts';

describe('describeChanges', () => {
  it('lists each field that changed, in a person’s words', () => {
    expect(
      describeChanges(
        { plan: 'free', unitLimit: 99, disabled: false },
        { plan: 'pro', unitLimit: 299, disabled: false },
      ),
    ).toEqual([
      { field: 'plan', before: 'free', after: 'pro' },
      { field: 'unit limit', before: '99', after: '299' },
    ]);
  });

  it('shows a side that is missing as a dash', () => {
    expect(describeChanges(null, { refund_state: 'PENDING' })).toEqual([
      { field: 'refund state', before: '—', after: 'PENDING' },
    ]);
    expect(describeChanges(null, null)).toEqual([]);
  });

  it('writes nested values as JSON', () => {
    expect(readable({ a: [1, 2] })).toBe('{"a":[1,2]}');
    expect(readable(null)).toBe('—');
    expect(readable(true)).toBe('true');
  });
});
