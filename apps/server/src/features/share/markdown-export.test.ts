import { describe, expect, it } from 'vitest';
import {
  asciiSlug,
  attachmentDisposition,
  type ExportableRecord,
  explanationToMarkdown,
  unicodeSlug,
} from './markdown-export.ts';

const record: ExportableRecord = {
  query: 'Photosynthesis',
  template: 'storytelling',
  difficulty: 'intermediate',
  createdAt: '2026-03-04T05:06:07.000Z',
  response: [
    '## 🌱 Understanding Photosynthesis (0-30 seconds)',
    'Plants make **sugar** from light.',
    '## Key Principles',
    '- Light\n- Water',
    '## Related Concepts',
    '- Chlorophyll',
  ].join('\n'),
  relatedConcepts: ['Chlorophyll', 'Respiration'],
  followUps: [
    {
      followUpId: 'f1',
      question: 'Why green?\nReally?',
      answer: 'Chlorophyll reflects green.\n',
      createdAt: '2026-03-04T05:07:00.000Z',
    },
  ],
};

describe('explanationToMarkdown', () => {
  it('writes the title, the date and style, each timed section and the related concepts', () => {
    expect(explanationToMarkdown({ ...record, followUps: [] })).toBe(
      [
        '# Photosynthesis',
        '',
        '*Explained by Grasp on 2026-03-04 · Storytelling style · Intermediate level*',
        '',
        '## Understanding Photosynthesis (0-30 seconds)',
        '',
        'Plants make **sugar** from light.',
        '',
        '## Key Principles (20-40 seconds)',
        '',
        '- Light\n- Water',
        '',
        '## Related Concepts',
        '',
        '- Chlorophyll',
        '- Respiration',
        '',
      ].join('\n'),
    );
  });

  it('adds the follow-ups, each question on one line', () => {
    expect(explanationToMarkdown(record)).toContain(
      '## Follow-up Questions\n\n### Why green? Really?\n\nChlorophyll reflects green.\n',
    );
  });

  it('adds the glossary only when the explanation has one', () => {
    expect(explanationToMarkdown(record)).not.toContain('Glossary');
    const glossary = [{ term: 'Chlorophyll', meaning: 'the green\npigment' }];
    expect(explanationToMarkdown({ ...record, glossary })).toMatch(
      /## Glossary\n\n- \*\*Chlorophyll\*\*: the green pigment\n$/,
    );
    expect(explanationToMarkdown({ ...record, glossary: [] })).not.toContain('Glossary');
  });
});

describe('file names', () => {
  it.each([
    ['Photosynthesis', 'photosynthesis'],
    ['  Newton’s 3rd Law!  ', 'newton-s-3rd-law'],
    ['Café Crème', 'cafe-creme'],
    ['../../etc/passwd', 'etc-passwd'],
    ['a"b\\c\r\nd', 'a-b-c-d'],
    ['गुरुत्वाकर्षण', 'explanation'],
    ['!!!', 'explanation'],
  ])('asciiSlug(%j) is %j', (title, slug) => {
    expect(asciiSlug(title)).toBe(slug);
  });

  it('keeps letters of every script in the unicode slug, marks included', () => {
    expect(unicodeSlug('गुरुत्वाकर्षण बल')).toBe('गुरुत्वाकर्षण-बल');
    expect(unicodeSlug('ஒளிச்சேர்க்கை')).toBe('ஒளிச்சேர்க்கை');
    expect(unicodeSlug('Café Crème')).toBe('cafe-creme');
  });

  it('cuts long names at 60 characters without a trailing dash', () => {
    const slug = asciiSlug(`${'word '.repeat(30)}`);
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug).not.toMatch(/-$/);
  });

  it('gives a plain filename, and filename* only when the name is not ASCII', () => {
    expect(attachmentDisposition('Black Holes', 'md')).toBe(
      'attachment; filename="black-holes.md"',
    );
    expect(attachmentDisposition('ప్రకాశ సంశ్లేషణ', 'md')).toBe(
      `attachment; filename="explanation.md"; filename*=UTF-8''${encodeURIComponent('ప్రకాశ-సంశ్లేషణ.md')}`,
    );
    expect(attachmentDisposition("it's (ok)*", 'md')).toBe('attachment; filename="it-s-ok.md"');
  });
});
