import { describe, expect, it } from 'vitest';
import { markdownToPlainText } from './plain-text.ts';

describe('markdownToPlainText', () => {
  it('says the words, not the citation markers', () => {
    expect(markdownToPlainText('Mass pulls **mass** [1][2]. See [the page](https://x.test).')).toBe(
      'Mass pulls mass. See the page.',
    );
  });
});
