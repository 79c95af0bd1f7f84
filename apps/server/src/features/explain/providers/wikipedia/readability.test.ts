import { describe, expect, it } from 'vitest';
import { fleschKincaidGrade, syllables } from './readability.ts';

describe('readability', () => {
  it('counts syllables closely enough', () => {
    expect(syllables('cat')).toBe(1);
    expect(syllables('water')).toBe(2);
    expect(syllables('make')).toBe(1);
    expect(syllables('photosynthesis')).toBe(5);
    expect(syllables('yellow')).toBe(2);
  });

  it('grades plain sentences low and long learned ones high', () => {
    expect(fleschKincaidGrade(['The cat sat on the mat.', 'It was warm.'])).toBeLessThan(2);
    expect(
      fleschKincaidGrade([
        'Photosynthesis is a system of biological processes by which photosynthetic organisms convert electromagnetic radiation into chemical energy.',
      ]),
    ).toBeGreaterThan(14);
  });
});
