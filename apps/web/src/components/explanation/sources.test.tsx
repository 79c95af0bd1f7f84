import type { Source } from '@grasp/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkdownText } from '../markdown/markdown-text.tsx';
import { CitedText, SourcesList, SourcesProvider } from './sources.tsx';

const SOURCES: Source[] = [
  {
    n: 1,
    title: 'Gravity',
    url: 'https://en.wikipedia.org/wiki/Gravity',
    excerpt: 'Gravity is the attraction between masses.',
    origin: 'wikipedia',
    language: 'en',
  },
  {
    n: 3,
    title: 'गुरुत्वाकर्षण',
    url: 'https://hi.wikipedia.org/wiki/x',
    excerpt: 'गुरुत्वाकर्षण एक बल है।',
    origin: 'wikipedia',
    language: 'hi',
  },
];

describe('citations', () => {
  it('links each [n] to its source with a name that says which, and drops one with none', () => {
    const { container } = render(
      <SourcesProvider sources={SOURCES}>
        <MarkdownText>{'Mass pulls mass [1][2]. Planets [3]. `a[1]`'}</MarkdownText>
      </SourcesProvider>,
    );
    const first = screen.getByRole('link', { name: 'Source 1: Gravity, Wikipedia' });
    expect(first).toHaveAttribute('href', '#source-1');
    expect(first.closest('sup')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Source 3: गुरुत्वाकर्षण, Wikipedia' })).toBeVisible();
    expect(container.textContent).not.toContain('[2]');
    expect(container.querySelector('code')?.textContent).toBe('a[1]');
  });

  it('links the citations of plain text too (a quiz’s why)', () => {
    const { container } = render(
      <SourcesProvider sources={SOURCES}>
        <p>
          <CitedText text="Because masses attract [1][4]." />
        </p>
      </SourcesProvider>,
    );
    expect(screen.getByRole('link', { name: 'Source 1: Gravity, Wikipedia' })).toBeVisible();
    expect(container.textContent).toBe('Because masses attract [1].');
  });

  it('leaves the markers as text where the page has no sources (while streaming)', () => {
    render(<MarkdownText>{'Mass pulls mass [1].'}</MarkdownText>);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Mass pulls mass [1].')).toBeVisible();
  });

  it('lists the sources with their titles linked, language and excerpt', () => {
    render(<SourcesList sources={SOURCES} />);
    const list = screen.getByRole('region', { name: 'Sources' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.id)).toEqual(['source-1', 'source-3']);
    const link = within(items[1] as HTMLElement).getByRole('link', { name: 'गुरुत्वाकर्षण' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(items[1]).toHaveTextContent('हिन्दी');
    expect(items[0]).toHaveTextContent('Gravity is the attraction between masses.');
  });

  it('shows nothing without sources', () => {
    const { container } = render(<SourcesList sources={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('the licence attribution', () => {
  it('names the licence of a Wikipedia text with a link, and nothing for an unlicensed one', () => {
    const { rerender } = render(
      <SourcesList sources={[{ ...(SOURCES[0] as Source), license: 'CC BY-SA 4.0' }]} />,
    );
    expect(screen.getByText(/Text from Wikipedia, shared under/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'CC BY-SA 4.0' })).toHaveAttribute(
      'href',
      'https://creativecommons.org/licenses/by-sa/4.0/',
    );
    rerender(<SourcesList sources={SOURCES} />);
    expect(screen.queryByText(/Text from Wikipedia/)).toBeNull();
  });
});
