import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSupportContact } from '../../components/support/support-contact.ts';
import { PrivacyPage } from './privacy-page.tsx';
import { TermsPage } from './terms-page.tsx';

const renderPage = (page: React.ReactNode) => render(<MemoryRouter>{page}</MemoryRouter>);

describe('legal pages', () => {
  beforeEach(() => {
    resetSupportContact();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ supportEmail: 'help@grasp.test', supportPhone: '+91 1' })),
      ),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('terms state the refund time, the minimum age and the plans', async () => {
    renderPage(<TermsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
    expect(
      screen.getByText(/credited to the original payment method within 7–10 working days/),
    ).toBeVisible();
    expect(screen.getByText(/not intended for children under 13/)).toBeVisible();
    expect(screen.getByText(/Pro: ₹99 per month, 299 concepts/)).toBeVisible();
    expect(await screen.findByRole('link', { name: 'help@grasp.test' })).toBeVisible();
  });

  it('privacy lists what is really stored, and links every section from the contents', () => {
    renderPage(<PrivacyPage />);
    expect(screen.getByText(/only an argon2id hash/)).toBeVisible();
    expect(screen.getByText(/without any query string/)).toBeVisible();
    expect(screen.getByText(/keeps your due recaps, with their questions/)).toBeVisible();
    expect(
      screen.getByText(/no third-party analytics|third-party analytics, trackers/),
    ).toBeVisible();
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    for (const link of contents.querySelectorAll('a')) {
      const id = link.getAttribute('href')?.slice(1) ?? '';
      expect(document.getElementById(id)).not.toBeNull();
    }
  });
});
