import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NotFoundPage } from './not-found-page.tsx';

function renderAt(entries: string[]) {
  return render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <Routes>
        <Route path="/" element={<p>home page</p>} />
        <Route path="/pricing" element={<p>pricing page</p>} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('NotFoundPage', () => {
  it('says the page does not exist', () => {
    renderAt(['/nowhere']);
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('goes home', async () => {
    renderAt(['/nowhere']);
    await userEvent.click(screen.getByRole('button', { name: 'Go Home' }));
    expect(screen.getByText('home page')).toBeInTheDocument();
  });

  it('goes back to the previous page', async () => {
    renderAt(['/pricing', '/nowhere']);
    await userEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(screen.getByText('pricing page')).toBeInTheDocument();
  });
});
