import { render } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { followedScheme, hostileMarkdown, propertySeed } from '../../testing/hostile-markdown.ts';
import { MarkdownText } from './markdown-text.tsx';
import { SAFE_URL_SCHEMES } from './safe-url.ts';

/** Everything markdown without raw HTML and without images can produce, and our wrapper div. */
const MARKDOWN_ELEMENTS = new Set(
  'DIV P A SPAN STRONG EM CODE PRE UL OL LI H1 H2 H3 H4 H5 H6 BLOCKQUOTE HR BR'.split(' '),
);

function expectOnlySafeMarkup(root: HTMLElement) {
  for (const element of root.querySelectorAll('*')) {
    expect(MARKDOWN_ELEMENTS, element.outerHTML).toContain(element.tagName);
    for (const attribute of element.attributes) {
      expect(attribute.name, element.outerHTML).not.toMatch(/^(on|style$|src)/i);
    }
  }
  for (const link of root.querySelectorAll('a[href]')) {
    const scheme = followedScheme(link.getAttribute('href') ?? '');
    if (scheme !== null) expect(SAFE_URL_SCHEMES, link.outerHTML).toContain(scheme);
  }
}

describe('MarkdownText on hostile markdown', () => {
  it('never throws, renders no raw HTML and links only to the allowed schemes', () => {
    fc.assert(
      fc.property(hostileMarkdown, (markdown) => {
        const { container, unmount } = render(<MarkdownText>{markdown}</MarkdownText>);
        try {
          expectOnlySafeMarkup(container);
        } finally {
          unmount();
        }
      }),
      { numRuns: 150, seed: propertySeed },
    );
  }, 30_000); // jsdom renders slowly on a busy machine
});
