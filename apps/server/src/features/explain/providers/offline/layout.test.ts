import { describe, expect, it } from 'vitest';
import { checkTwoMinuteShape } from '../../answer.ts';
import { type Draft, renderDraft, timeRanges } from './layout.ts';

describe('timeRanges', () => {
  it('is contiguous, proportional and ends at 120', () => {
    expect(timeRanges([10, 10, 10, 10])).toEqual([
      [0, 30],
      [30, 60],
      [60, 90],
      [90, 120],
    ]);
  });

  it('gives every section at least five seconds', () => {
    const ranges = timeRanges([500, 1, 1, 1]);
    expect(ranges.at(-1)).toEqual([115, 120]);
    for (const [from, to] of ranges) expect(to - from).toBeGreaterThanOrEqual(5);
  });
});

const sentence = (n: number) => `${'word '.repeat(n).trim()}.`;

function draft(partWords: number, optional: boolean): Draft {
  return {
    sections: ['One', 'Two', 'Three', 'Four'].map((title) => ({
      title,
      parts: [
        { text: sentence(partWords) },
        { text: sentence(partWords), drop: optional ? 1 : undefined },
      ],
    })),
    related: ['alpha'],
    pads: Array.from({ length: 10 }, () => sentence(20)),
  };
}

describe('renderDraft', () => {
  it('drops optional parts when the text runs long', () => {
    const text = renderDraft(draft(50, true)).join('');
    expect(checkTwoMinuteShape(text).fits).toBe(true);
  });

  it('adds pads when the text runs short, and skips empty sections', () => {
    const short = draft(5, false);
    short.sections.push({ title: 'Empty', parts: [] });
    const text = renderDraft(short).join('');
    expect(checkTwoMinuteShape(text).fits).toBe(true);
    expect(text).not.toContain('Empty');
    expect(text).toContain('## Related Concepts\n\n- alpha');
  });
});
