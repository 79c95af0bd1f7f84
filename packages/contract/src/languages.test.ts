import { describe, expect, it } from 'vitest';
import { LANGUAGE_IDS, READING_WPM, wordRange } from './languages.ts';

describe('the two-minute rule per language', () => {
  it('keeps English at 150 to 475 words (238 words a minute)', () => {
    expect(READING_WPM.en).toBe(238);
    expect(wordRange('en')).toEqual({ min: 150, max: 475 });
  });

  it('gives every language the same reading time in its own words', () => {
    for (const language of LANGUAGE_IDS) {
      const { min, max } = wordRange(language);
      const minutes = (words: number) => words / READING_WPM[language];
      expect(minutes(max)).toBeCloseTo(475 / 238, 1);
      expect(minutes(min)).toBeCloseTo(150 / 238, 1);
    }
    // Tamil and Telugu write many English words' worth into one word; Hindi slightly fewer.
    expect(wordRange('ta').max).toBeLessThan(wordRange('hi').max);
    expect(wordRange('hi').max).toBeGreaterThan(475);
  });
});
