import { describe, expect, it } from 'vitest';
import {
  checkTwoMinuteShape,
  cleanItem,
  countWords,
  extractGlossary,
  extractGraph,
  extractRelatedConcepts,
  isUsableAnswer,
} from './answer.ts';

const graphJson = JSON.stringify({
  nodes: [
    { id: 'g', label: 'Gravity' },
    { id: 'm', label: 'Mass' },
    { id: 'm', label: 'Duplicate' },
  ],
  edges: [
    { source: 'g', target: 'm', label: 'depends on' },
    { source: 'g', target: 'nowhere' },
    { source: 'g', target: 'g' },
    { source: 'g', target: 'm', label: 'depends on' },
  ],
});

describe('extractGraph', () => {
  it('removes the graph block and keeps only valid, unique nodes and edges', () => {
    const { markdown, graph } = extractGraph(
      `## Intro (0-20 seconds)\nText.\n\n\`\`\`graph\n${graphJson}\n\`\`\`\n`,
    );
    expect(markdown).toBe('## Intro (0-20 seconds)\nText.');
    expect(graph).toEqual({
      nodes: [
        { id: 'g', label: 'Gravity' },
        { id: 'm', label: 'Mass' },
      ],
      edges: [{ source: 'g', target: 'm', label: 'depends on' }],
    });
  });

  it('accepts a json block that is a graph, and leaves other json blocks alone', () => {
    const other = '```json\n{"a":1}\n```';
    const { markdown, graph } = extractGraph(`Text\n${other}\n\`\`\`json\n${graphJson}\n\`\`\``);
    expect(graph?.nodes).toHaveLength(2);
    expect(markdown).toBe(`Text\n${other}`);
  });

  it('cleans the text but returns no graph for bad JSON or an empty graph', () => {
    for (const body of ['{"nodes": [', '[]', '{"nodes":[]}', '{"nodes":[{"label":"no id"}]}']) {
      const result = extractGraph(`Text\n\`\`\`graph\n${body}\n\`\`\``);
      expect(result).toEqual({ markdown: 'Text' });
    }
  });

  it('handles an unterminated graph block at the end of a truncated answer', () => {
    expect(extractGraph('Text\n```graph\n{"nodes":[{"id":"a"').markdown).toBe('Text');
  });

  it('caps sizes and never throws on hostile input', () => {
    const nodes = Array.from({ length: 50 }, (_, i) => ({ id: i, label: 'x'.repeat(500) }));
    const edges = Array.from({ length: 100 }, (_, i) => ({ from: i % 30, to: (i + 1) % 30 }));
    const { graph } = extractGraph(`\`\`\`graph\n${JSON.stringify({ nodes, edges })}\n\`\`\``);
    expect(graph?.nodes).toHaveLength(30);
    expect(graph?.nodes[0]?.label).toHaveLength(80);
    expect(graph?.edges.length).toBeLessThanOrEqual(60);
    expect(() => extractGraph(`\`\`\`graph\n${'['.repeat(10_000)}`)).not.toThrow();
  });
});

describe('extractRelatedConcepts', () => {
  it('reads the related section, strips markdown and links, keeps at most 3', () => {
    const text = [
      '## Intro (0-20 seconds)',
      '- not this one',
      '## Want to go deeper?',
      '- **[Inertia](https://example.com)**: why things keep moving',
      '- *Mass* — how much matter',
      '- `Orbit`',
      '- Tides',
    ].join('\n');
    expect(extractRelatedConcepts(text)).toEqual(['Inertia', 'Mass', 'Orbit']);
  });

  it.each([
    'Related Concepts',
    'Further Study',
    'To Learn More',
    'Learn More',
    'Related Topics',
    'See Also',
  ])('recognises "%s"', (title) => {
    expect(extractRelatedConcepts(`- first\n### ${title}\n1. Energy\n2. Energy`)).toEqual([
      'Energy',
    ]);
  });

  it('falls back to the first list items, ignoring code blocks', () => {
    const text = '```\n- code item\n```\nIntro\n* alpha\n* beta\n* gamma\n* delta';
    expect(extractRelatedConcepts(text)).toEqual(['alpha', 'beta', 'gamma']);
  });

  it('returns nothing when there are no list items', () => {
    expect(extractRelatedConcepts('## Title\nJust prose.')).toEqual([]);
  });

  it('cleans single items', () => {
    expect(cleanItem('[Black holes](/x) - collapsed stars.')).toBe('Black holes');
    expect(cleanItem('"Entropy".')).toBe('Entropy');
  });
});

function answer(words: number, ranges: string[]): string {
  const per = Math.floor(words / ranges.length);
  return ranges
    .map((r, i) => `## Part ${i} (${r})\n${'word '.repeat(Math.max(0, per - 3))}`)
    .join('\n');
}

describe('checkTwoMinuteShape', () => {
  it('accepts four timed sections of 150–475 words ending near 120', () => {
    const shape = checkTwoMinuteShape(
      answer(300, ['0-30 seconds', '30-60 seconds', '60-90 sec', '90-120s']),
    );
    expect(shape).toMatchObject({ timedSections: 4, endsNear120: true, fits: true });
    expect(shape.words).toBeGreaterThan(290);
    expect(shape.words).toBeLessThan(310);
  });

  it('rejects too few sections, too many words, or an end far from 120', () => {
    expect(
      checkTwoMinuteShape(answer(300, ['0-40 seconds', '40-80 seconds', '80-120 seconds'])).fits,
    ).toBe(false);
    expect(
      checkTwoMinuteShape(
        answer(600, ['0-30 seconds', '30-60 seconds', '60-90 seconds', '90-120 seconds']),
      ).fits,
    ).toBe(false);
    const short = checkTwoMinuteShape(
      answer(300, ['0-10 seconds', '10-20 seconds', '20-30 seconds', '30-60 seconds']),
    );
    expect(short).toMatchObject({ endsNear120: false, fits: false });
  });

  it('does not count the graph block', () => {
    expect(countWords('one two\n```graph\n{"nodes": ["many words here"]}\n```\nthree')).toBe(3);
  });
});

describe('isUsableAnswer', () => {
  it('needs a heading or 40 words of prose', () => {
    expect(isUsableAnswer('')).toBe(false);
    expect(isUsableAnswer('   \n ')).toBe(false);
    expect(isUsableAnswer('```graph\n{"nodes":[]}\n```')).toBe(false);
    expect(isUsableAnswer('Sorry, I cannot help.')).toBe(false);
    expect(isUsableAnswer('## Gravity\nA force.')).toBe(true);
    expect(isUsableAnswer('word '.repeat(40))).toBe(true);
  });
});

describe('extractGlossary', () => {
  it('takes valid entries out of the ```glossary block, each term once', () => {
    const body = JSON.stringify([
      { term: 'Photosynthesis', meaning: 'पौधों का भोजन बनाना।' },
      { term: 'photosynthesis', meaning: 'again' },
      { term: '  Chlorophyll ', definition: 'हरा   रंग' },
      { term: '', meaning: 'no term' },
      { term: 'No meaning' },
      'not an object',
      { term: 'x'.repeat(81), meaning: 'too long a term' },
    ]);
    const { markdown, glossary } = extractGlossary(
      `## समझ (0-20 seconds)\nपाठ\n\`\`\`glossary\n${body}\n\`\`\``,
    );
    expect(markdown).toBe('## समझ (0-20 seconds)\nपाठ');
    expect(glossary).toEqual([
      { term: 'Photosynthesis', meaning: 'पौधों का भोजन बनाना।' },
      { term: 'Chlorophyll', meaning: 'हरा रंग' },
    ]);
  });

  it('gives nothing for bad JSON or a truncated block, and leaves other blocks alone', () => {
    expect(extractGlossary('a\n```glossary\n[{"term":"X"').glossary).toEqual([]);
    expect(extractGlossary('a\n```glossary\n{"term":"X"}\n```')).toEqual({
      markdown: 'a',
      glossary: [],
    });
    expect(extractGlossary('a\n```json\n[1]\n```').markdown).toBe('a\n```json\n[1]\n```');
  });
});

describe('checkTwoMinuteShape per language', () => {
  const timed = ['0-30 seconds', '30-60 seconds', '60-90 seconds', '90-120 seconds'];

  it('counts words in the Indian scripts, marks and joiners inside words', () => {
    expect(countWords('प्रकाश संश्लेषण (Photosynthesis) ।')).toBe(3);
    expect(countWords('ஆக்சிஜனை வெளியிடுகின்றன.')).toBe(2);
    expect(countWords('ఆక్సిజన్‌ను విడుదల')).toBe(2);
  });

  it('holds each language to its own reading speed', () => {
    // 300 words read in two minutes in Hindi, but take far longer in Tamil.
    expect(checkTwoMinuteShape(answer(300, timed), 'hi').fits).toBe(true);
    expect(checkTwoMinuteShape(answer(300, timed), 'ta')).toMatchObject({
      fits: false,
      range: { min: 85, max: 269 },
    });
    expect(checkTwoMinuteShape(answer(500, timed), 'hi').fits).toBe(true);
    expect(checkTwoMinuteShape(answer(500, timed)).fits).toBe(false);
  });

  it('reads ranges written in the language’s digits and seconds word', () => {
    const shape = checkTwoMinuteShape(
      answer(200, ['०-३० सेकंड', '३०-६० सेकंड', '६०-९० सेकंड', '९०-१२० सेकंड']),
      'hi',
    );
    expect(shape).toMatchObject({ timedSections: 4, endsNear120: true, fits: true });
  });
});
