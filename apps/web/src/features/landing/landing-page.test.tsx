import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../lib/auth-store.ts';
import { makeUser } from '../../testing/api-fixtures.ts';
import { useConceptSearch } from './hooks/use-concept-search.ts';
import { LandingPage } from './landing-page.tsx';

const user = makeUser();

/** Shows where navigation went and with which state. */
function Arrived({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p>
      {name}: {JSON.stringify(location.state)}
    </p>
  );
}

function renderAt(element: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={element} />
        <Route path="/login" element={<Arrived name="login" />} />
        <Route path="/dashboard" element={<Arrived name="dashboard" />} />
      </Routes>
    </MemoryRouter>,
  );
}

const box = () => screen.getByRole('textbox', { name: 'Concept to explain' });

describe('LandingPage', () => {
  // The page loads its lower sections lazily; transforming that module graph for the first time
  // took over a second on a busy CI machine, longer than findBy* waits. Loaded here, the tests
  // time the page, not the transform.
  beforeAll(() => import('./components/landing-sections.tsx'));
  beforeEach(() => {
    useAuth.setState({ user: null, token: null, loginTime: null });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ supportEmail: 'a@b.c', supportPhone: '1' }))),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('promises two minutes and offers the search box', () => {
    renderAt(<LandingPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('two minutes');
    expect(box()).toHaveAttribute('placeholder', 'What concept would you like to learn?');
    // jsdom does not map <search> to its landmark role yet; browsers do.
    expect(document.querySelector('search')).toHaveAttribute('aria-label', 'Explain a concept');
  });

  it('ignores a blank query', async () => {
    renderAt(<LandingPage />);
    await userEvent.type(box(), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Explain' }));
    expect(box()).toHaveFocus();
    expect(screen.queryByText(/^login:/)).toBeNull();
  });

  it('sends a visitor to /login, to come back to /dashboard with the trimmed query', async () => {
    renderAt(<LandingPage />);
    await userEvent.type(box(), '  gravity {Enter}');
    expect(
      screen.getByText('login: {"redirectTo":"/dashboard","initialQuery":"gravity"}'),
    ).toBeInTheDocument();
  });

  it('shows the sections below the hero, with pricing from the plans', async () => {
    renderAt(<LandingPage />);
    for (const name of ['How it works', 'Everything you need to learn fast', 'Simple pricing']) {
      expect(await screen.findByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByText('₹99')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Contact us' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'a@b.c' })).toHaveAttribute(
      'href',
      'mailto:a@b.c',
    );
  });

  it('links each popular topic to its explanation on the dashboard', async () => {
    renderAt(<LandingPage />);
    expect(await screen.findByRole('link', { name: 'Black hole' })).toHaveAttribute(
      'href',
      '/dashboard?q=Black%20hole',
    );
  });

  it('makes the search a plain GET form to the dashboard, working before the app starts', () => {
    renderAt(<LandingPage />);
    const box = screen.getByRole('textbox', { name: 'Concept to explain' });
    expect(box).toHaveAttribute('name', 'q');
    expect(box.closest('form')).toHaveAttribute('action', '/dashboard');
    expect(box.closest('form')).toHaveAttribute('method', 'get');
  });

  it('sends a signed-in user straight to the dashboard', () => {
    useAuth.getState().signIn(user, 'tok');
    renderAt(<LandingPage />);
    expect(screen.getByText('dashboard: null')).toBeInTheDocument();
  });
});

function SearchButton({ query }: { query: string }) {
  const search = useConceptSearch();
  return (
    <button type="button" onClick={() => search(query)}>
      search
    </button>
  );
}

describe('useConceptSearch', () => {
  it('takes a signed-in user to /dashboard carrying the query', async () => {
    useAuth.getState().signIn(user, 'tok');
    renderAt(<SearchButton query=" volcano " />);
    await userEvent.click(screen.getByRole('button', { name: 'search' }));
    expect(screen.getByText('dashboard: {"initialQuery":"volcano"}')).toBeInTheDocument();
  });
});
