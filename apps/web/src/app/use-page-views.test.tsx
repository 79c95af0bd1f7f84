import { act, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, Navigate, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, resetAuth, signInAs } from '../features/auth/testing/auth-fixtures.ts';
import { PAGE_VIEW_PATH, PAGE_VIEW_SETTLE_MS, usePageViews } from './use-page-views.ts';

function Tracker() {
  usePageViews();
  return <Outlet />;
}

/** Lets the settle delay pass, so views of paths that stayed are sent. */
const settle = () => act(() => vi.advanceTimersByTime(PAGE_VIEW_SETTLE_MS));

function setup(initial: string) {
  const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [
      {
        element: <Tracker />,
        children: [
          { path: '/go-to-dashboard', element: <Navigate to="/dashboard" replace /> },
          { path: '*', element: null },
        ],
      },
    ],
    { initialEntries: [initial] },
  );
  render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  const views = () =>
    fetchMock.mock.calls.map((call) => {
      const [url, init] = call as unknown as [string, RequestInit];
      return {
        url,
        keepalive: init.keepalive,
        auth: (init.headers as Record<string, string>).Authorization,
        body: JSON.parse(String(init.body)) as { path: string; referrer?: string },
      };
    });
  return { router, views };
}

describe('usePageViews', () => {
  beforeEach(() => {
    resetAuth();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends one view per route change, fire-and-forget, naming the previous page', async () => {
    const { router, views } = setup('/');
    expect(views()).toEqual([]);
    await settle();
    expect(views()).toEqual([
      { url: PAGE_VIEW_PATH, keepalive: true, auth: undefined, body: { path: '/' } },
    ]);
    await act(() => router.navigate('/pricing?plan=pro'));
    await settle();
    await act(() => router.navigate('/pricing#faq'));
    await settle();
    expect(views()).toHaveLength(2);
    expect(views()[1]?.body).toEqual({
      path: '/pricing',
      referrer: `${window.location.origin}/`,
    });
  });

  it('carries the bearer token when signed in', async () => {
    signInAs(makeUser());
    const { views } = setup('/user-dashboard');
    await settle();
    expect(views()[0]?.auth).toBe('Bearer tok');
  });

  it('counts only where a redirect lands', async () => {
    const { views } = setup('/go-to-dashboard');
    await settle();
    expect(views().map((v) => v.body.path)).toEqual(['/dashboard']);
  });

  it('never fails the page when the request fails', async () => {
    const { router } = setup('/');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await act(() => router.navigate('/terms'));
    await settle();
    expect(router.state.location.pathname).toBe('/terms');
  });
});
