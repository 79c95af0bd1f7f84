import { LANGUAGE_NAMES } from '@grasp/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeResponse } from '../testing/fixtures.ts';
import { responseIn, SAMPLES } from '../testing/language-fixtures.ts';
import { ResultView } from './result-view.tsx';

function renderResult(content = makeResponse(), query = 'Photosynthesis') {
  return render(
    <ResultView
      concept={{ query, content }}
      onSearch={vi.fn()}
      onRegenerate={vi.fn()}
      onChangeStyle={vi.fn()}
    />,
  );
}

describe.each(Object.keys(SAMPLES) as (keyof typeof SAMPLES)[])('a result in %s', (language) => {
  const sample = SAMPLES[language];

  it('shows its sections in its own script, marked with its language', () => {
    renderResult(responseIn(language));
    const sections = screen.getByRole('list', { name: 'Explanation sections' });
    expect(sections).toHaveAttribute('lang', language);
    for (const title of sample.titles) {
      expect(within(sections).getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(within(sections).getAllByText(sample.text)).toHaveLength(2);
  });

  it('names the language on its badge, in its own script', () => {
    renderResult(responseIn(language));
    const badge = screen.getByText(LANGUAGE_NAMES[language]);
    expect(badge).toHaveAttribute('lang', language);
    expect(badge.parentElement).toHaveTextContent(`Language: ${LANGUAGE_NAMES[language]}`);
  });

  it('puts the glossary in a small table under the sections, and marks related names', () => {
    renderResult(responseIn(language));
    const glossary = screen.getByRole('region', { name: 'Glossary' });
    const [term] = sample.glossary ?? [];
    const row = within(glossary).getByRole('row', { name: new RegExp(term?.term ?? '') });
    expect(within(row).getByRole('rowheader')).toHaveAttribute('lang', 'en');
    expect(within(row).getByRole('cell')).toHaveTextContent(term?.meaning ?? '');
    expect(within(row).getByRole('cell')).toHaveAttribute('lang', language);
    const related = screen.getByRole('button', { name: sample.related });
    expect(related.closest('ul')).toHaveAttribute('lang', language);
    // The table comes after the sections in the reading order.
    const list = screen.getByRole('list', { name: 'Explanation sections' });
    expect(list.compareDocumentPosition(glossary) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('a result in English', () => {
  it('has the English badge and no glossary', () => {
    renderResult();
    expect(screen.getByText('English')).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('list', { name: 'Explanation sections' })).toHaveAttribute(
      'lang',
      'en',
    );
    expect(screen.queryByRole('region', { name: 'Glossary' })).toBeNull();
  });
});
