import type { SharedExplanationView } from '@grasp/contract';

/**
 * A share page with every kind of markup a real one can hold: each markdown element the safe
 * renderer keeps, a glossary, related concepts, cited sources. The build keeps the stylesheet rules
 * this page uses (share-page.mjs), so what it lacks, a real page would show unstyled.
 */
export const SHARE_FIXTURE: SharedExplanationView = {
  url: 'http://localhost:3000/s/AAAAAAAAAAAAAAAAAAAAAA',
  query: 'Photosynthesis',
  template: 'default',
  difficulty: 'beginner',
  language: 'en',
  response: [
    '## Understanding Photosynthesis (0-30 seconds)',
    'Photosynthesis is how plants turn **light**, *water* and `CO2` into sugar. See [a source](https://example.com) or [a page](/pricing) and [an unsafe one](javascript:alert(1)).',
    '',
    '### The inputs',
    '#### In detail',
    '- Light',
    '- Water',
    '',
    '1. First',
    '2. Second',
    '',
    '> A quotation.',
    '',
    '```',
    'let x = 1;',
    '```',
    '',
    '---',
    '',
    '## Key Principles (30-60 seconds)',
    'Chlorophyll absorbs light [1][2].  ',
    'A line break, ~~struck~~ and _emphasis_.',
    '## Real-World Application (60-90 seconds)',
    'Food chains start here.',
    '## Key Takeaway (90-120 seconds)',
    'Plants feed the world.',
    '## Related Concepts',
    '- Chlorophyll',
    '- Respiration',
  ].join('\n'),
  relatedConcepts: ['Chlorophyll', 'Respiration'],
  glossary: [{ term: 'Chlorophyll', meaning: 'The green pigment of plants.' }],
  sources: [
    {
      n: 1,
      title: 'Photosynthesis',
      url: 'https://en.wikipedia.org/wiki/Photosynthesis',
      excerpt:
        'Photosynthesis is a system of biological processes by which photosynthetic organisms, such as most plants, algae, and cyanobacteria, convert light energy into chemical energy.',
      origin: 'wikipedia',
      language: 'en',
    },
    {
      n: 2,
      title: 'प्रकाश संश्लेषण',
      url: 'https://hi.wikipedia.org/wiki/%E0%A4%AA%E0%A5%8D%E0%A4%B0%E0%A4%95%E0%A4%BE%E0%A4%B6_%E0%A4%B8%E0%A4%82%E0%A4%B6%E0%A5%8D%E0%A4%B2%E0%A5%87%E0%A4%B7%E0%A4%A3',
      excerpt: 'प्रकाश संश्लेषण वह क्रिया है जिसमें पौधे प्रकाश से भोजन बनाते हैं।',
      origin: 'wikipedia',
      language: 'hi',
    },
  ],
  sharerFirstName: 'Asha',
  createdAt: '2026-01-02T03:04:05.000Z',
  indexable: false,
};
