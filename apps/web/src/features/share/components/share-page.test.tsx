import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SHARE_FIXTURE } from '../testing/share-fixture.ts';
import { ShareHead } from './share-head.tsx';
import { SharePage } from './share-page.tsx';

const view = SHARE_FIXTURE;

function renderPage(overrides: Partial<typeof view> = {}) {
  return render(
    <MemoryRouter>
      <SharePage view={{ ...view, ...overrides }} />
    </MemoryRouter>,
  );
}

describe('SharePage', () => {
  it('shows the concept, the sharer’s first name and the date', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Photosynthesis' })).toBeInTheDocument();
    expect(screen.getByText(/Shared by Asha/)).toHaveTextContent('Shared by Asha · 2 January 2026');
  });

  it('shows every section whole, with nothing that needs a script to open', () => {
    renderPage();
    const sections = within(screen.getByRole('list', { name: 'Explanation sections' }));
    expect(sections.getAllByRole('article')).toHaveLength(4);
    expect(screen.getByText('Plants feed the world.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(document.querySelector('[data-clamped="true"]')).toBeNull();
  });

  it('renders markdown safely: a javascript: link is plain text', () => {
    renderPage();
    expect(screen.getByRole('link', { name: 'a source' })).toHaveAttribute(
      'href',
      'https://example.com',
    );
    expect(screen.queryByRole('link', { name: 'an unsafe one' })).not.toBeInTheDocument();
    expect(screen.getByText('an unsafe one').tagName).toBe('SPAN');
  });

  it('shows the glossary and related concepts', () => {
    renderPage();
    expect(screen.getByRole('region', { name: 'Glossary' })).toHaveTextContent(
      'ChlorophyllThe green pigment of plants.',
    );
    expect(screen.getByRole('region', { name: 'Related Concepts' })).toHaveTextContent(
      'Respiration',
    );
  });

  it('leaves out what a record does not have', () => {
    renderPage({ glossary: undefined, sharerFirstName: null });
    expect(screen.queryByRole('region', { name: 'Glossary' })).not.toBeInTheDocument();
    expect(screen.getByText(/Shared with you/)).toBeInTheDocument();
  });

  it('invites the reader to explain something else', () => {
    renderPage();
    for (const link of screen.getAllByRole('link', { name: 'Explain something else' })) {
      expect(link).toHaveAttribute('href', '/login?register=true');
    }
  });
});

describe('ShareHead', () => {
  it('has the preview tags, the canonical address, and noindex only while unlisted', () => {
    const { container, rerender } = render(<ShareHead view={view} />);
    const meta = (selector: string) =>
      document.head.querySelector(selector) ?? container.querySelector(selector);
    expect(meta('meta[property="og:title"]')).toHaveAttribute('content', 'Photosynthesis');
    expect(meta('meta[property="og:url"]')).toHaveAttribute('content', view.url);
    expect(meta('meta[property="og:description"]')).toHaveAttribute(
      'content',
      'Photosynthesis is how plants turn light, water and CO2 into sugar.',
    );
    expect(meta('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary');
    expect(meta('link[rel="canonical"]')).toHaveAttribute('href', view.url);
    expect(meta('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    rerender(<ShareHead view={{ ...view, indexable: true }} />);
    expect(meta('meta[name="robots"]')).toBeNull();
  });
});
