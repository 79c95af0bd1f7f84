import { RECAP_TAKEAWAY_MAX_LENGTH } from '@grasp/contract';
import { describe, expect, it } from 'vitest';
import { takeawayOf } from './recaps-takeaway.ts';

describe('a recap’s takeaway', () => {
  it('reads the Key Takeaway section, list items as sentences, without questions to the reader', () => {
    const markdown = [
      '## Understanding Gravity (0-30 seconds)',
      '',
      '_From the WordNet lexical database (offline mode)._',
      '',
      'In physics, **gravity** is the force of attraction between all masses.',
      '',
      '## Key Takeaway (95-120 seconds)',
      '',
      '- **What it is:** the force of attraction between all masses in the universe',
      '- **Check yourself:** can you say what “gravity” means in your own words?',
      '- **Family:** a kind of attraction',
      '',
      '## Related Concepts',
      '- attraction',
    ].join('\n');
    expect(takeawayOf(markdown, 'gravity')).toBe(
      'What it is: the force of attraction between all masses in the universe. Family: a kind of attraction.',
    );
  });

  it('takes up to two sentences of a short takeaway, and other keepsake titles too', () => {
    const markdown = [
      '## Understanding Tides (0-60 seconds)',
      'Tides rise and fall.',
      '## The Moral: Key Insight (60-120 seconds)',
      'The Moon pulls. The oceans follow. Nothing else matters much.',
    ].join('\n');
    expect(takeawayOf(markdown, 'tides')).toBe('The Moon pulls. The oceans follow.');
  });

  it('falls back to the first sentence, skipping a note in italics', () => {
    const markdown = [
      '## Understanding Entropy (0-60 seconds)',
      '_A note first._',
      'Entropy measures how spread out energy is. It tends to grow.',
      '## Evidence (60-120 seconds)',
      'Ice melts in a warm room.',
    ].join('\n');
    expect(takeawayOf(markdown, 'entropy')).toBe('Entropy measures how spread out energy is.');
  });

  it('stays short, cut at a word', () => {
    const long = `## Key Takeaway (0-120 seconds)\n${'word '.repeat(200)}`;
    const takeaway = takeawayOf(long, 'words');
    expect(takeaway.length).toBeLessThanOrEqual(RECAP_TAKEAWAY_MAX_LENGTH);
    expect(takeaway.endsWith('word…')).toBe(true);
  });

  it('names the concept when the text has nothing to quote', () => {
    expect(takeawayOf('```graph\n{}\n```', 'Nothing')).toBe(
      'Recall what you learned about Nothing.',
    );
  });
});
