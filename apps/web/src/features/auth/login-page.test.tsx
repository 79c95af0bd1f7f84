import { AUTH_MESSAGES, ERROR_CODES, ERROR_MESSAGES, VALIDATION_MESSAGES } from '@grasp/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../lib/auth-store.ts';
import { LoginPage } from './login-page.tsx';
import {
  altchaChallenge,
  callsTo,
  deferred,
  errorBody,
  json,
  makeUser,
  resetAuth,
  signInAs,
  stubApi,
  timesOut,
} from './testing/auth-fixtures.ts';
import { fakeAltcha } from './testing/fake-altcha.ts';

vi.mock('altcha', () => ({}));

function Dashboard() {
  const location = useLocation();
  const query = (location.state as { initialQuery?: string } | null)?.initialQuery;
  return (
    <h1>{`Dashboard at ${location.pathname}${location.search}${query ? ` for ${query}` : ''}`}</h1>
  );
}

function renderLogin(entry: string, state?: unknown) {
  const [pathname, search = ''] = entry.split('?');
  return render(
    <MemoryRouter initialEntries={[{ pathname, search: search ? `?${search}` : '', state }]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/dashboard" element={<Dashboard />} />
        <Route path="/distiller" element={<Dashboard />} />
      </Routes>
    </MemoryRouter>,
  );
}

const loginOk = () =>
  json({ success: true, token: 'new-token', user: makeUser(), message: 'Login successful' });

async function signIn(identifier = 'asha', pin = '1234') {
  if (identifier) await userEvent.type(screen.getByLabelText('Username or email'), identifier);
  if (pin) await userEvent.type(screen.getByLabelText('PIN'), pin);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  beforeEach(() => {
    resetAuth();
    fakeAltcha.autoSolve = true;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the sign-in form, and ?register=true opens registration', () => {
    stubApi({ 'GET /api/auth/captcha': () => altchaChallenge('c1') });
    const { unmount } = renderLogin('/login');
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    unmount();
    renderLogin('/login?register=true');
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Create account' })).toBeInTheDocument();
  });

  it('toggles between the two forms and moves focus to the new heading', async () => {
    stubApi({ 'GET /api/auth/captcha': () => altchaChallenge('c1') });
    renderLogin('/login');
    await userEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(screen.getByRole('heading', { name: 'Create your account' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('heading', { name: 'Sign in' })).toHaveFocus();
  });

  it('asks for both fields before calling the server', async () => {
    const fetchMock = stubApi({});
    renderLogin('/login');
    await signIn('asha', '');
    expect(screen.getByRole('alert')).toHaveTextContent(VALIDATION_MESSAGES.loginRequired);
    expect(screen.getByLabelText('PIN')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs in, saves the session and goes to the redirect target', async () => {
    const fetchMock = stubApi({ 'POST /api/auth/login': loginOk });
    renderLogin('/login', { redirectTo: '/distiller' });
    await signIn(' asha@example.org ', '1234');
    expect(
      await screen.findByRole('heading', { name: 'Dashboard at /distiller' }),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/auth/login')[0]?.body).toEqual({
      username: 'asha@example.org',
      password: '1234',
    });
    expect(useAuth.getState()).toMatchObject({ token: 'new-token', user: makeUser() });
  });

  it('goes to /dashboard by default and keeps the landing query', async () => {
    stubApi({ 'POST /api/auth/login': loginOk });
    renderLogin('/login', { initialQuery: 'Entropy' });
    await signIn();
    expect(
      await screen.findByRole('heading', { name: 'Dashboard at /dashboard for Entropy' }),
    ).toBeInTheDocument();
  });

  it('never redirects outside the app', async () => {
    stubApi({ 'POST /api/auth/login': loginOk });
    renderLogin('/login', { redirectTo: '//evil.example/' });
    await signIn();
    expect(
      await screen.findByRole('heading', { name: 'Dashboard at /dashboard' }),
    ).toBeInTheDocument();
  });

  it('sends an already signed-in user straight on', () => {
    signInAs(makeUser());
    renderLogin('/login', { redirectTo: '/distiller?x=1' });
    expect(
      screen.getByRole('heading', { name: 'Dashboard at /distiller?x=1' }),
    ).toBeInTheDocument();
  });

  it('reads "Signing in..." while the call runs', async () => {
    const pending = deferred();
    stubApi({ 'POST /api/auth/login': pending.route });
    renderLogin('/login');
    await signIn();
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    pending.release(loginOk());
    expect(await screen.findByRole('heading', { name: /Dashboard/ })).toBeInTheDocument();
  });

  it.each([
    ['a 401 with a message', () => errorBody(401, 'UNAUTHORIZED', 'Wrong PIN'), 'Wrong PIN'],
    [
      'a 401 without one',
      () => new Response('', { status: 401 }),
      ERROR_MESSAGES.invalidCredentials,
    ],
    ['a timeout', timesOut, ERROR_MESSAGES.loginTimeout],
    [
      'a 500 with a message',
      () => errorBody(500, 'INTERNAL_ERROR', 'Database down'),
      'Database down',
    ],
    ['a 500 without one', () => new Response('', { status: 500 }), ERROR_MESSAGES.loginError],
    [
      'a 429 lock-out',
      () => errorBody(429, 'RATE_LIMITED', AUTH_MESSAGES.locked(120)),
      AUTH_MESSAGES.locked(120),
    ],
    [
      'a network failure',
      () => Promise.reject(new TypeError('offline')),
      ERROR_MESSAGES.loginFailed,
    ],
  ])('shows the right message for %s', async (_name, answer, message) => {
    stubApi({ 'POST /api/auth/login': answer });
    renderLogin('/login');
    await signIn();
    const alert = await screen.findByText(message);
    expect(screen.getByRole('alert')).toContainElement(alert);
    expect(screen.getByRole('alert')).toHaveFocus();
    expect(useAuth.getState().token).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('offers to resend the verification email when the address is not verified', async () => {
    const fetchMock = stubApi({
      'POST /api/auth/login': () =>
        errorBody(403, ERROR_CODES.emailNotVerified, AUTH_MESSAGES.emailNotVerified),
      'POST /api/auth/resend-verification': () =>
        json({ success: true, message: AUTH_MESSAGES.resendSent }),
    });
    renderLogin('/login');
    await signIn('asha@example.org');
    expect(await screen.findByText(AUTH_MESSAGES.emailNotVerified)).toBeInTheDocument();
    const resend = screen.getByRole('form', { name: 'Resend verification email' });
    expect(within(resend).getByLabelText('Email')).toHaveValue('asha@example.org');
    await userEvent.click(
      within(resend).getByRole('button', { name: 'Resend verification email' }),
    );
    expect(await screen.findByText(AUTH_MESSAGES.resendSent)).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/auth/resend-verification')[0]?.body).toEqual({
      email: 'asha@example.org',
    });
  });

  it('replaces the registration form with the success message, then Go to Login', async () => {
    stubApi({
      'GET /api/auth/captcha': () => altchaChallenge('c1'),
      'POST /api/auth/register': () => json({ success: true, message: AUTH_MESSAGES.registered }),
    });
    renderLogin('/login?register=true');
    await userEvent.type(screen.getByLabelText('Username'), 'asha');
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.org');
    await userEvent.type(screen.getByLabelText('Mobile number'), '9876543210');
    await userEvent.type(screen.getByLabelText('PIN'), '1234');
    await userEvent.type(screen.getByLabelText('Confirm PIN'), '1234');
    await userEvent.type(screen.getByLabelText('Full name'), 'Asha Rao');
    await userEvent.click(screen.getByRole('checkbox', { name: /I accept the/ }));
    await screen.findByText("I'm not a robot");
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toHaveFocus();
    expect(screen.getByText(AUTH_MESSAGES.registered)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Create account' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Go to Login' }));
    expect(screen.getByRole('heading', { name: 'Sign in' })).toHaveFocus();
    expect(screen.getByLabelText('Username or email')).toHaveValue('asha');
  });
});
