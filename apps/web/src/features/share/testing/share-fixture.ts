import type { SharedExplanationView } from '@grasp/contract';

/**
 * A share page with every kind of markup a real one can hold: each markdown element the safe
 * renderer keeps, a glossary, related concepts. The build keeps the stylesheet rules
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
    'Chlorophyll absorbs light.  ',
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
  sharerFirstName: 'Asha',
  createdAt: '2026-01-02T03:04:05.000Z',
  indexable: false,
};
