import { ERROR_MESSAGES } from '@grasp/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../lib/auth-store.ts';
import { useRecaps } from '../learning/stores/recaps-store.ts';
import { json, message, signedInUser, stubStats } from './testing/stats-fixtures.ts';
import { UserDashboardPage } from './user-dashboard-page.tsx';

function LoginProbe() {
  const location = useLocation();
  return <p>login page {JSON.stringify(location.state)}</p>;
}

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/user-dashboard']}>
      <Routes>
        <Route path="/user-dashboard" element={<UserDashboardPage />} />
        <Route path="/login" element={<LoginProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

const figure = (label: string) =>
  within(screen.getByRole('heading', { name: label }).closest('li') as HTMLElement);

describe('UserDashboardPage', () => {
  beforeEach(() => {
    useAuth.setState({ user: null, token: null, loginTime: null });
    useRecaps.getState().reset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows a spinner, then the figures, the streak and the first five activities', async () => {
    // Midday, so that the activities 0 to 7.5 hours old all fall on one calendar day.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 5, 15, 12, 0));
    const user = signedInUser();
    const messages = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6'].map((name, i) => message(name, i * 90));
    const fetchMock = stubStats(
      {
        stats: () => json({ total_messages: 6 }),
        messages: () => json(messages),
        units: () => json({ success: true, user, available_units: 93 }),
      },
      user,
    );
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your dashboard');

    expect(await screen.findByRole('heading', { name: 'Total messages' })).toBeInTheDocument();
    expect(figure('Total messages').getByText('6')).toBeInTheDocument();
    expect(figure('Available units').getByText('93')).toBeInTheDocument();
    expect(figure('Learning streak').getByText('1 day')).toBeInTheDocument();
    const activity = within(screen.getByRole('region', { name: 'Recent activity' }));
    expect(activity.getAllByRole('listitem')).toHaveLength(5);
    expect(activity.getByRole('link', { name: 'm1' })).toBeInTheDocument();
    expect(activity.queryByText('m6')).toBeNull();
    expect(activity.getByText('m2 explained simply.')).toBeInTheDocument();
    expect(activity.getByText('just now')).toBeInTheDocument();
    expect(activity.getByText('1h ago')).toBeInTheDocument();
    // The recaps and payments sections ask for theirs once they mount, after the figures.
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url)).sort()).toEqual([
        '/api/billing/payments',
        '/api/learning/recaps',
        '/api/stats/units/asha',
        '/api/stats/user-messages/asha',
        '/api/stats/user-stats/asha',
      ]),
    );
  });

  it('links the due recaps to /review and counts a day with a review in the streak', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 5, 15, 12, 0));
    const user = signedInUser();
    const yesterday = new Date(2025, 5, 14, 9, 0).toISOString();
    stubStats(
      {
        stats: () => json({ total_messages: 1, review_dates: [yesterday] }),
        messages: () => json([message('m1', 5)]),
        recaps: () =>
          json({ due: [], upcoming: 2, dueCount: 3, nextDueAt: '2025-06-16T09:00:00.000Z' }),
      },
      user,
    );
    renderPage();
    expect(await screen.findByRole('link', { name: /3 recaps due/ })).toHaveAttribute(
      'href',
      '/review',
    );
    expect(figure('Learning streak').getByText('2 days')).toBeInTheDocument();
  });

  it('offers Upgrade to Pro to Free users only, and New explanation to everyone', async () => {
    const user = signedInUser({ plan: 'Free' });
    stubStats({}, user);
    const { unmount } = renderPage();
    expect(await screen.findByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    expect(screen.getByRole('link', { name: 'New explanation' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    unmount();

    const pro = signedInUser({ plan: 'pro' });
    stubStats({ units: () => json({ success: true, user: pro, available_units: null }) }, pro);
    renderPage();
    expect(await screen.findByText('Unlimited')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upgrade to Pro' })).toBeNull();
    expect(screen.getByText(/No explanations yet/)).toBeInTheDocument();
  });

  it.each([
    ['a server error', () => json({ success: false, code: 'X', message: 'boom' }, 500), null],
    [
      'a timeout',
      () => Promise.reject(new DOMException('timed out', 'TimeoutError')),
      ERROR_MESSAGES.requestTimeout,
    ],
    ['no network', () => Promise.reject(new TypeError('offline')), ERROR_MESSAGES.networkError],
    ['an answer of the wrong shape', () => json({ nonsense: true }), null],
  ])('says it failed to load on %s, and tries again', async (_case, answer, detail) => {
    const user = signedInUser();
    stubStats(answer, user);
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_MESSAGES.userDataFailed);
    if (detail) expect(alert).toHaveTextContent(detail);

    stubStats({}, user);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Total messages' })).toBeInTheDocument();
  });

  it.each([401, 404])(
    'sends the user to sign in again on %i, to come back here',
    async (status) => {
      const user = signedInUser();
      stubStats(() => json({ success: false, code: 'X', message: 'gone' }, status), user);
      renderPage();
      expect(
        await screen.findByText('login page {"redirectTo":"/user-dashboard"}'),
      ).toBeInTheDocument();
      expect(useAuth.getState().token).toBeNull();
    },
  );
});
