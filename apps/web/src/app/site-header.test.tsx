import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSupportContact } from '../components/support/support-contact.ts';
import {
  json,
  makeUser,
  resetAuth,
  signInAs,
  stubApi,
} from '../features/auth/testing/auth-fixtures.ts';
import { useRecaps } from '../features/learning/stores/recaps-store.ts';
import { isEntryActive } from './signed-in-nav.tsx';
import { SiteHeader } from './site-header.tsx';

function renderHeader(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SiteHeader />
      <p>page body</p>
    </MemoryRouter>,
  );
}

/** The signed-in bar loads lazily; wait for it. */
const bar = () => screen.findByRole('button', { name: 'Menu' });
/** The popover panel the menu button opens. */
function menuPanel(toggle: HTMLElement): HTMLElement {
  const panel = document.getElementById(toggle.getAttribute('popovertarget') ?? '');
  if (!panel) throw new Error('the menu button opens no panel');
  return panel;
}
const desktopNav = () =>
  within(screen.getAllByRole('navigation', { name: 'Main' })[0] as HTMLElement);

describe('the signed-in navigation bar', () => {
  beforeEach(() => {
    resetAuth();
    resetSupportContact();
    useRecaps.getState().reset();
    stubApi({
      '/api/config/public': () =>
        json({ supportEmail: 'help@grasp.test', supportPhone: '+91 90000 11111' }),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the four entries and marks the current one', async () => {
    signInAs(makeUser());
    renderHeader('/user-dashboard');
    await bar();
    const links = desktopNav().getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Home', 'Dashboard', 'Pricing', 'Distiller']);
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/',
      '/user-dashboard',
      '/pricing',
      '/distiller',
    ]);
    expect(desktopNav().getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(desktopNav().getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Grasp' })).toHaveAttribute('href', '/');
  });

  it('shows the count of due recaps as a small badge on Dashboard', async () => {
    stubApi({
      '/api/config/public': () => json({ supportEmail: 'a@b.c', supportPhone: '+91 1' }),
      '/api/learning/recaps': () => json({ due: [], upcoming: 1, dueCount: 3, nextDueAt: null }),
    });
    signInAs(makeUser());
    renderHeader('/distiller');
    await bar();
    await screen.findAllByTestId('recaps-badge');
    const dashboard = desktopNav().getByRole('link', { name: /^Dashboard ?\(3 recaps due\)$/ });
    expect(dashboard).toHaveAttribute('href', '/user-dashboard');
    expect(within(dashboard).getByTestId('recaps-badge')).toHaveTextContent('3');
  });

  it('treats the search dashboard as Home and sub-paths as their entry', () => {
    expect(isEntryActive('/', '/')).toBe(true);
    expect(isEntryActive('/', '/dashboard')).toBe(true);
    expect(isEntryActive('/', '/pricing')).toBe(false);
    expect(isEntryActive('/distiller', '/distiller')).toBe(true);
    expect(isEntryActive('/user-dashboard', '/dashboard')).toBe(false);
  });

  // jsdom has no popovers: the browser's opening and closing is checked in e2e/site.spec.ts.
  it('puts the same entries in the mobile menu, a popover its button opens', async () => {
    signInAs(makeUser({ plan: 'pro' }));
    renderHeader('/distiller');
    const toggle = await bar();
    const panel = menuPanel(toggle);
    expect(panel).toHaveAttribute('popover', 'auto');
    const entries = within(panel).getAllByRole('link', { hidden: true });
    expect(entries.map((l) => l.textContent)).toEqual([
      'Home',
      'Dashboard',
      'Pricing',
      'Distiller',
    ]);
    expect(within(panel).getByRole('link', { name: 'Distiller', hidden: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('folds the mobile menu away when an entry is followed', async () => {
    signInAs(makeUser());
    renderHeader('/user-dashboard');
    const panel = menuPanel(await bar());
    const hidePopover = vi.fn();
    Object.assign(panel, { hidePopover, matches: (s: string) => s === ':popover-open' });
    await userEvent.click(within(panel).getByRole('link', { name: 'Pricing', hidden: true }));
    expect(hidePopover).toHaveBeenCalledOnce();
  });

  it('shows the support email and phone in the contact popover, which an outside click closes', async () => {
    signInAs(makeUser());
    renderHeader('/user-dashboard');
    await bar();
    const contact = screen.getByRole('button', { name: 'Contact support' });
    await userEvent.click(contact);
    expect(contact).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('link', { name: 'help@grasp.test' })).toHaveAttribute(
      'href',
      'mailto:help@grasp.test',
    );
    expect(screen.getByRole('link', { name: '+91 90000 11111' })).toHaveAttribute(
      'href',
      'tel:+919000011111',
    );

    await userEvent.click(screen.getByText('page body'));
    expect(contact).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'help@grasp.test' })).toBeNull();
  });

  it.each([
    ['free', true],
    ['FREE', true],
    ['pro', false],
    ['enterprise', false],
  ])('shows Upgrade to Pro for plan %s: %s', async (plan, shown) => {
    signInAs(makeUser({ plan }));
    renderHeader('/user-dashboard');
    await bar();
    const upgrade = screen.queryByRole('link', { name: 'Upgrade to Pro' });
    if (shown) expect(upgrade).toHaveAttribute('href', '/pricing');
    else expect(upgrade).toBeNull();
  });

  // A press that began on the visitor's switch must end on the same button (e2e/first-click.spec.ts).
  it('keeps the very button of the theme switch when the bar turns into the signed-in one', async () => {
    renderHeader('/terms');
    const toggle = screen.getByRole('button', { name: 'Switch to dark mode' });
    act(() => signInAs(makeUser()));
    await bar();
    expect(screen.getByRole('button', { name: 'Switch to dark mode' })).toBe(toggle);
  });

  it('keeps the theme toggle and the profile menu', async () => {
    signInAs(makeUser());
    renderHeader('/user-dashboard');
    await bar();
    expect(screen.getByRole('button', { name: /Switch to (dark|light) mode/ })).toBeVisible();
    expect(screen.getByRole('button', { name: /Profile menu for/ })).toBeVisible();
  });
});

describe('the visitor header', () => {
  beforeEach(() => resetAuth());

  it('links to the landing sections, Log In and Get Started', async () => {
    renderHeader('/pricing');
    const nav = desktopNav();
    expect(nav.getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual([
      '/#features',
      '/#how-it-works',
      '/#pricing',
      '/#contact',
    ]);
    expect(screen.getAllByRole('link', { name: 'Log In' })[0]).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      '/login?register=true',
    );
    const panel = menuPanel(screen.getByRole('button', { name: 'Menu' }));
    expect(
      within(panel)
        .getAllByRole('link', { hidden: true })
        .map((l) => l.textContent),
    ).toEqual(['Features', 'How It Works', 'Pricing', 'Contact', 'Log In']);
    expect(screen.queryByRole('link', { name: 'Upgrade to Pro' })).toBeNull();
  });
});
