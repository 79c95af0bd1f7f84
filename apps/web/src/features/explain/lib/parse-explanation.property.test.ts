import {
  ICON_NAMES,
  MAX_RELATED_CONCEPTS,
  type ParsedExplanation,
  parseExplanation,
  QUERY_MAX_LENGTH,
} from '@grasp/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileMarkdown, propertySeed } from '../testing/hostile-markdown.ts';

const anyText = fc.oneof(
  hostileMarkdown,
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
);

/** What every view of an explanation relies on, whatever the provider sent. */
function expectUsable({ sections, relatedConcepts }: ParsedExplanation) {
  for (const section of sections) {
    expect(section.title.trim()).not.toBe('');
    expect(section.content.trim()).not.toBe('');
    expect(ICON_NAMES).toContain(section.icon);
    for (const bound of section.timeRange) {
      expect(Number.isInteger(bound) && bound >= 0).toBe(true);
    }
  }
  expect(relatedConcepts.length).toBeLessThanOrEqual(MAX_RELATED_CONCEPTS);
  const keys = relatedConcepts.map((name) => name.toLowerCase());
  expect(new Set(keys).size).toBe(keys.length);
  for (const name of relatedConcepts) {
    expect(name.trim()).not.toBe('');
    expect(name.length).toBeLessThanOrEqual(QUERY_MAX_LENGTH);
  }
}

describe('parseExplanation on random text', () => {
  it('never throws and always gives usable sections and related concepts', () => {
    fc.assert(
      fc.property(anyText, (markdown) => expectUsable(parseExplanation(markdown))),
      { numRuns: 400, seed: propertySeed },
    );
  });

  it('handles every prefix of a streamed answer', () => {
    fc.assert(
      fc.property(hostileMarkdown, fc.nat(), (markdown, cut) => {
        expectUsable(parseExplanation(markdown.slice(0, cut % (markdown.length + 1))));
      }),
      { numRuns: 200, seed: propertySeed },
    );
  });
});
