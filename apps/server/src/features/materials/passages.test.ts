import { describe, expect, it } from 'vitest';
import { searchWords, splitIntoPassages } from './passages.ts';

describe('splitIntoPassages', () => {
  it('never crosses a page and numbers pages from 1', () => {
    const passages = splitIntoPassages(['First page.', '', 'Third page.'], true);
    expect(passages).toEqual([
      { position: 0, page: 1, text: 'First page.' },
      { position: 1, page: 3, text: 'Third page.' },
    ]);
  });

  it('gathers whole sentences into passages of a few hundred characters', () => {
    const sentence = 'Enzymes speed up reactions in the cell without being used up. ';
    const passages = splitIntoPassages([sentence.repeat(40)], false);
    expect(passages.length).toBeGreaterThan(2);
    for (const p of passages) {
      expect(p.page).toBeNull();
      expect(p.text.length).toBeLessThanOrEqual(1200);
      expect(p.text.endsWith('used up.')).toBe(true);
    }
  });

  it('joins words a line break hyphenated and cuts a sentence with no end', () => {
    const [first] = splitIntoPassages(['Photo-\nsynthesis happens in leaves.'], false);
    expect(first?.text).toBe('Photosynthesis happens in leaves.');
    const long = splitIntoPassages(['x'.repeat(3000)], false);
    expect(long.map((p) => p.text.length)).toEqual([1200, 1200, 600]);
  });
});

describe('searchWords', () => {
  it('keeps letters and digits, drops filler words and repeats', () => {
    expect(searchWords('The cell "membrane" OR cell*')).toEqual(['cell', 'membrane']);
    expect(searchWords('What is it?')).toEqual(['what', 'is', 'it']);
  });
});
