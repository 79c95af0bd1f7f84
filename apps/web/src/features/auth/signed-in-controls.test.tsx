import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../lib/auth-store.ts';
import { SignedInControls } from './signed-in-controls.tsx';
import { SignedOutLinks } from './signed-out-links.tsx';
import { callsTo, json, makeUser, resetAuth, signInAs, stubApi } from './testing/auth-fixtures.ts';

function renderHeaderPart() {
  return render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <button type="button">elsewhere</button>
      <Routes>
        <Route path="/dashboard" element={<SignedInControls />} />
        <Route path="/login" element={<h1>Login page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

const menuButton = () => screen.getByRole('button', { name: /Profile menu for/ });

describe('SignedInControls', () => {
  beforeEach(() => resetAuth());
  afterEach(() => vi.unstubAllGlobals());

  it('shows who is signed in and their plan in the profile menu', async () => {
    signInAs(makeUser({ plan: 'pro', fullName: 'Asha Rao' }));
    renderHeaderPart();
    expect(menuButton()).toHaveAttribute('aria-haspopup', 'menu');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).toBeNull();

    await userEvent.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Asha Rao')).toBeInTheDocument();
    expect(screen.getByText('@asha')).toBeInTheDocument();
    expect(screen.getByText('Plan: Pro')).toBeInTheDocument();
    // The first item takes the focus; the arrows go on to the next.
    expect(screen.getByRole('menuitem', { name: 'Classes' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Reminders' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Account' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Classes' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus();
  });

  it.each(['free', 'pro', 'enterprise'])('leads to /classes on the %s plan', async (plan) => {
    signInAs(makeUser({ plan }));
    renderHeaderPart();
    await userEvent.click(menuButton());
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Classes',
      'Reminders',
      'Account',
      'Sign out',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Classes' })).toHaveAttribute('href', '/classes');
    expect(screen.getByRole('menuitem', { name: 'Account' })).toHaveAttribute('href', '/account');
  });

  it('shows the avatar, or a default icon without one', () => {
    signInAs(makeUser({ avatar: 'https://example.org/a.png' }));
    const { container, unmount } = renderHeaderPart();
    expect(container.querySelector('img')).toHaveAttribute('src', 'https://example.org/a.png');
    unmount();
    signInAs(makeUser({ avatar: null }));
    const second = renderHeaderPart();
    expect(second.container.querySelector('img')).toBeNull();
    expect(second.container.querySelector('svg')).not.toBeNull();
  });

  it('closes on a click outside', async () => {
    signInAs(makeUser());
    renderHeaderPart();
    await userEvent.click(menuButton());
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape and gives focus back to its button', async () => {
    signInAs(makeUser());
    renderHeaderPart();
    menuButton().focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Classes' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(menuButton()).toHaveFocus();
  });

  it('signs out: tells the server, forgets the session and goes to /login', async () => {
    const fetchMock = stubApi({
      'POST /api/auth/logout': () => json({ success: true, message: 'You have been signed out' }),
    });
    signInAs(makeUser());
    renderHeaderPart();
    await userEvent.click(menuButton());
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(useAuth.getState().token).toBeNull();
    await waitFor(() => expect(callsTo(fetchMock, '/api/auth/logout')).toHaveLength(1));
  });

  it('signs out: forgets this device’s push subscription on the server, then in the browser, then ends the session', async () => {
    const order: string[] = [];
    const headerOf = (init: RequestInit) => new Headers(init.headers).get('authorization');
    const fetchMock = stubApi({
      'DELETE /api/notifications/subscriptions': (_url, init) => {
        order.push(`server forgets the device (${headerOf(init)})`);
        return json({ success: true });
      },
      'POST /api/auth/logout': (_url, init) => {
        order.push(`session ends (${headerOf(init)})`);
        return json({ success: true, message: 'You have been signed out' });
      },
    });
    const endpoint = 'https://fcm.googleapis.com/fcm/send/this-device';
    const subscription = {
      endpoint,
      unsubscribe: vi.fn(async () => {
        order.push('browser forgets the device');
        return true;
      }),
    };
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('Notification', class {});
    vi.stubGlobal('navigator', {
      ...navigator,
      serviceWorker: {
        getRegistration: async () => ({
          pushManager: { getSubscription: async () => subscription },
        }),
      },
    });
    signInAs(makeUser());
    renderHeaderPart();
    await userEvent.click(menuButton());
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(useAuth.getState().token).toBeNull();
    await waitFor(() => expect(callsTo(fetchMock, '/api/auth/logout')).toHaveLength(1));
    expect(callsTo(fetchMock, '/api/notifications/subscriptions')[0]?.body).toEqual({ endpoint });
    expect(order).toEqual([
      'server forgets the device (Bearer tok)',
      'browser forgets the device',
      'session ends (Bearer tok)',
    ]);
  });

  it('signs out locally even when the server call fails', async () => {
    stubApi({ 'POST /api/auth/logout': () => Promise.reject(new TypeError('offline')) });
    signInAs(makeUser());
    renderHeaderPart();
    await userEvent.click(menuButton());
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(useAuth.getState().user).toBeNull();
  });

  it.each(['free', 'Free', 'FREE'])('offers Upgrade to Pro on the %s plan', (plan) => {
    signInAs(makeUser({ plan }));
    renderHeaderPart();
    expect(screen.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute(
      'href',
      '/pricing',
    );
  });

  it.each(['pro', 'Pro', 'enterprise'])('does not offer it on the %s plan', (plan) => {
    signInAs(makeUser({ plan }));
    renderHeaderPart();
    expect(screen.queryByRole('link', { name: 'Upgrade to Pro' })).toBeNull();
  });
});

describe('SignedOutLinks', () => {
  it('links to sign-in and to registration', () => {
    render(
      <MemoryRouter>
        <SignedOutLinks />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      '/login?register=true',
    );
  });
});
