import { describe, expect, it } from 'vitest';
import {
  cleanConceptName,
  cleanTitle,
  DEFAULT_TIME_RANGES,
  FALLBACK_TIME_RANGES,
  parseExplanation,
  parseTimeRange,
  stripGraphBlocks,
} from './parse-explanation.ts';
import { ICON_NAMES, iconForHeading } from './section-icons.ts';

const titles = (markdown: string) => parseExplanation(markdown).sections.map((s) => s.title);
const ranges = (markdown: string) => parseExplanation(markdown).sections.map((s) => s.timeRange);

describe('splitting into sections', () => {
  it('splits at # and ## headings and keeps the body as markdown', () => {
    const { sections } = parseExplanation(
      '# First\nOne **bold**.\n\n## Second\n- a\n- b\n### Still second\nmore',
    );
    expect(sections.map((s) => s.title)).toEqual(['First', 'Second']);
    expect(sections[0]?.content).toBe('One **bold**.');
    expect(sections[1]?.content).toBe('- a\n- b\n### Still second\nmore');
  });

  it('does not split at ### or deeper, nor at #text without a space', () => {
    expect(titles('## Only\ntext\n### Sub\n#hashtag\nend')).toEqual(['Only']);
  });

  it('ignores headings inside code fences', () => {
    const { sections } = parseExplanation(
      '## Code\n```\n# not a heading\n```\n~~~\n## nor this\n~~~',
    );
    expect(sections).toHaveLength(1);
    expect(sections[0]?.content).toContain('# not a heading');
  });

  it('drops a heading with no body (a document title) and keeps text before the first heading', () => {
    expect(titles('# Photosynthesis\n\n## What it is\nLight to sugar.')).toEqual(['What it is']);
    const { sections } = parseExplanation('Intro text.\n\n## Next\nBody');
    expect(sections.map((s) => [s.title, s.icon])).toEqual([
      ['Overview', 'FileText'],
      ['Next', 'Circle'],
    ]);
  });

  it('handles CRLF line endings and closing hashes', () => {
    expect(titles('## One ##\r\nbody\r\n## C#\r\nbody')).toEqual(['One', 'C#']);
  });

  it('gives nothing for empty text', () => {
    expect(parseExplanation('')).toEqual({ sections: [], relatedConcepts: [] });
    expect(parseExplanation('  \n\n ')).toEqual({ sections: [], relatedConcepts: [] });
  });

  it('removes a ```graph block, even one still being streamed', () => {
    expect(stripGraphBlocks('a\n```graph\n{"nodes":[]}\n```\nb')).toBe('a\nb');
    expect(stripGraphBlocks('a\n```graph\n{"nodes":')).toBe('a');
    expect(parseExplanation('## A\ntext\n```graph\n{}\n```').sections[0]?.content).toBe('text');
  });
});

describe('time ranges', () => {
  it('reads an optional "(N-M seconds)" range and removes it from the title', () => {
    const { sections } = parseExplanation('## Basics (0-25 seconds)\nx\n## More (25–60 secs)\ny');
    expect(sections.map((s) => [s.title, s.timeRange])).toEqual([
      ['Basics', [0, 25]],
      ['More', [25, 60]],
    ]);
    expect(parseTimeRange('Title')).toBeNull();
    expect(parseTimeRange('T (10 - 20 s)')).toEqual([10, 20]);
  });

  it('applies the positional defaults 0-20 … 100-120 with the last repeating', () => {
    const md = Array.from({ length: 8 }, (_, i) => `## S${i}\nbody`).join('\n');
    expect(ranges(md)).toEqual([...DEFAULT_TIME_RANGES, [100, 120], [100, 120]]);
    expect(DEFAULT_TIME_RANGES).toEqual([
      [0, 20],
      [20, 40],
      [40, 60],
      [60, 80],
      [80, 100],
      [100, 120],
    ]);
  });

  it('mixes explicit ranges with positional ones by section position', () => {
    expect(ranges('## A (0-30 seconds)\nx\n## B\ny')).toEqual([
      [0, 30],
      [20, 40],
    ]);
  });
});

describe('the fallback parser (no # or ## heading at all)', () => {
  it('splits paragraphs and uses 0-10, 10-30, 30-60, 60-90, 90-110, 110-120, 120-130', () => {
    expect(FALLBACK_TIME_RANGES).toEqual([
      [0, 10],
      [10, 30],
      [30, 60],
      [60, 90],
      [90, 110],
      [110, 120],
      [120, 130],
    ]);
    const md = Array.from({ length: 7 }, (_, i) => `Paragraph ${i}.`).join('\n\n');
    const { sections } = parseExplanation(md);
    expect(sections.map((s) => s.timeRange)).toEqual(FALLBACK_TIME_RANGES);
    expect(sections.map((s) => s.title).slice(0, 3)).toEqual(['Overview', 'Part 2', 'Part 3']);
  });

  it('merges paragraphs past the seventh into the last section', () => {
    const md = Array.from({ length: 9 }, (_, i) => `P${i}`).join('\n\n');
    const { sections } = parseExplanation(md);
    expect(sections).toHaveLength(7);
    expect(sections[6]?.content).toBe('P6\n\nP7\n\nP8');
  });

  it('keeps a list with the paragraph before it and uses ### or bold lines as titles', () => {
    const md =
      'Intro.\n\n- one\n- two\n\n### Why it matters (30-60 seconds)\nBecause.\n\n**Key Insight**\nText.';
    const { sections } = parseExplanation(md);
    expect(sections.map((s) => [s.title, s.timeRange, s.icon])).toEqual([
      ['Overview', [0, 10], 'FileText'],
      ['Why it matters', [30, 60], 'Circle'],
      ['Key Insight', [30, 60], 'Star'],
    ]);
    expect(sections[0]?.content).toBe('Intro.\n\n- one\n- two');
  });

  it('falls back to the positional title when a ### or bold title cleans to nothing', () => {
    const { sections } = parseExplanation('**🎉**\nParty.\n\n### (30-60 seconds)\nTimed.\n\n### *');
    expect(sections.map((s) => [s.title, s.timeRange])).toEqual([
      ['Overview', [0, 10]],
      ['Part 2', [30, 60]],
      ['Part 3', [30, 60]],
    ]);
  });
});

describe('icons', () => {
  it('takes an emoji in the heading first, and strips it from the title', () => {
    const { sections } = parseExplanation('## 💡 Big Picture\nx\n## ⚠️ Watch out\ny');
    expect(sections.map((s) => [s.title, s.icon])).toEqual([
      ['Big Picture', 'Lightbulb'],
      ['Watch out', 'AlertTriangle'],
    ]);
    expect(iconForHeading('🚀 Understanding')).toBe('Rocket');
  });

  it.each([
    ['Core Understanding', 'Brain'],
    ['The Structure', 'Box'],
    ['Deep Analysis', 'Microscope'],
    ['The Evidence', 'Search'],
    ['A Simple Analogy', 'Lightbulb'],
    ['Common Pitfalls', 'AlertTriangle'],
    ['Misconceptions', 'AlertTriangle'],
    ['Quick Checklist', 'CheckSquare'],
    ['Key Takeaways', 'CheckSquare'],
    ['Real-World Applications', 'Globe'],
    ['Core Principles', 'Key'],
    ['Each Layer', 'Layers'],
    ['Common Questions', 'HelpCircle'],
    ['The Insight', 'Star'],
    ['Benefits', 'Rocket'],
    ['Step by step', 'RefreshCw'],
    ['Want to go deeper', 'BookOpen'],
    ['Learn more', 'BookOpen'],
    ['Related ideas', 'BookOpen'],
  ] as const)('maps the keyword heading "%s" to %s', (heading, icon) => {
    expect(iconForHeading(heading)).toBe(icon);
  });

  it('falls back to Circle for a missing or unknown icon, and only uses the set', () => {
    expect(iconForHeading('Something else')).toBe('Circle');
    expect(iconForHeading('🦄 Unicorns')).toBe('Circle');
    expect(iconForHeading('')).toBe('Circle');
    expect(ICON_NAMES).toHaveLength(20);
  });

  it('cleans titles of emphasis and stray separators', () => {
    expect(cleanTitle('**Bold** title: (0-20 seconds) ✨')).toBe('Bold title');
  });
});

describe('related concepts', () => {
  it.each([
    'Related Concepts',
    'Want to go deeper?',
    'Further Study',
    'To Learn More',
    'Learn More',
    'Related Topics',
    'See Also',
  ])('reads the "%s" section and does not render it as a card', (heading) => {
    const md = `## Basics\n- not this\n\n## 📚 ${heading}\n- **Osmosis**: water moving\n- [Diffusion](https://x.org)\n- Enzymes - helpers`;
    const parsed = parseExplanation(md);
    expect(parsed.relatedConcepts).toEqual(['Osmosis', 'Diffusion', 'Enzymes']);
    expect(parsed.sections.map((s) => s.title)).toEqual(['Basics']);
  });

  it('keeps at most 3, without duplicates', () => {
    const md = '## Basics\nx\n## Related Concepts\n1. A\n2. a\n3. B\n4. C\n5. D';
    expect(parseExplanation(md).relatedConcepts).toEqual(['A', 'B', 'C']);
  });

  it('splits a prose related section at commas', () => {
    const md = '## Basics\nx\n## See Also\nSupply and demand, Inflation; Interest rates';
    expect(parseExplanation(md).relatedConcepts).toEqual([
      'Supply and demand',
      'Inflation',
      'Interest rates',
    ]);
  });

  it('otherwise takes the first list items in the text', () => {
    const md = '## Basics\nText\n- Alpha\n- Beta\n## More\n* Gamma\n* Delta';
    expect(parseExplanation(md).relatedConcepts).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(parseExplanation('Just prose.').relatedConcepts).toEqual([]);
  });

  it('reduces list lines to a name', () => {
    expect(cleanConceptName('**Cell respiration** — how cells burn sugar.')).toBe(
      'Cell respiration',
    );
    expect(cleanConceptName('`Cause-and-effect`.')).toBe('Cause-and-effect');
  });
});
