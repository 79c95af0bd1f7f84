import { describe, expect, it } from 'vitest';
import { DESCRIPTION_MAX_LENGTH, firstSentence } from './description.ts';

describe('firstSentence', () => {
  it('is the first sentence of the first section, as plain text', () => {
    const markdown =
      '## 🧠 Understanding Gravity (0-30 seconds)\n**Gravity** is the pull between masses. It keeps us grounded.\n\n## More\nText.';
    expect(firstSentence(markdown, 'Gravity')).toBe('Gravity is the pull between masses.');
  });

  it('keeps a first section without a full stop whole, and drops link targets', () => {
    expect(firstSentence('See [the moon](https://example.com) rise', 'Moon')).toBe(
      'See the moon rise',
    );
  });

  it('does not end a sentence inside a number', () => {
    expect(firstSentence('Pi is 3.14 or so. Next.', 'Pi')).toBe('Pi is 3.14 or so.');
  });

  it('cuts a long sentence at a word, with an ellipsis', () => {
    const long = `${'word '.repeat(80)}end.`;
    const description = firstSentence(long, 'x');
    expect(description.length).toBeLessThanOrEqual(DESCRIPTION_MAX_LENGTH);
    expect(description).toMatch(/word…$/);
  });

  it('falls back to the share text when there is nothing to read', () => {
    expect(firstSentence('', 'Gravity')).toBe('Learn about Gravity in just 2 minutes!');
  });
});
