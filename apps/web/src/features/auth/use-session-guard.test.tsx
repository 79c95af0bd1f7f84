import { SESSION_CHECK_INTERVAL_MS, SESSION_LIFETIME_MS } from '@grasp/contract';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_KEY, useAuth } from '../../lib/auth-store.ts';
import { forgetOfflineData } from '../learning/index.ts';
import {
  callsTo,
  errorBody,
  json,
  makeUser,
  type Route,
  resetAuth,
  signInAs,
  stubApi,
} from './testing/auth-fixtures.ts';
import { useSessionGuard } from './use-session-guard.ts';

vi.mock('../learning/index.ts', () => ({ forgetOfflineData: vi.fn(() => Promise.resolve()) }));

function Guarded() {
  useSessionGuard();
  return null;
}

const UNITS = '/api/stats/units/asha';

function startWith(answer: Route, loginTime = Date.now()) {
  signInAs(makeUser(), loginTime);
  const fetchMock = stubApi({ [`GET ${UNITS}`]: answer });
  render(<Guarded />);
  return fetchMock;
}

describe('useSessionGuard', () => {
  beforeEach(() => resetAuth());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('refreshes the restored user from the user-status check', async () => {
    const fetchMock = startWith(() =>
      json({ success: true, user: makeUser({ plan: 'pro' }), available_units: 299 }),
    );
    await waitFor(() => expect(useAuth.getState().user?.plan).toBe('pro'));
    expect(callsTo(fetchMock, UNITS)).toHaveLength(1);
    expect(useAuth.getState().token).toBe('tok');
  });

  it.each([
    ['a 401', () => errorBody(401, 'UNAUTHORIZED', 'Session expired')],
    ['a 404', () => errorBody(404, 'NOT_FOUND', 'Not found')],
    ['an invalid answer', () => json({ success: true, user: { username: 'asha' } })],
  ])('signs out on %s', async (_name, answer) => {
    startWith(answer);
    await waitFor(() => expect(useAuth.getState().token).toBeNull());
    expect(useAuth.getState().user).toBeNull();
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('keeps the session when the server cannot be reached', async () => {
    const fetchMock = startWith(() => Promise.reject(new TypeError('offline')));
    await waitFor(() => expect(callsTo(fetchMock, UNITS)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(useAuth.getState().token).toBe('tok');
  });

  it('makes no call when nobody is signed in', () => {
    const fetchMock = stubApi({});
    render(<Guarded />);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs out at the first check after the session lifetime has passed', async () => {
    vi.useFakeTimers();
    const start = new Date('2026-01-01T10:00:00Z').getTime();
    vi.setSystemTime(start);
    // Signed in 4 h minus 90 s ago: still valid for one more check, not for two.
    const loginTime = start - SESSION_LIFETIME_MS + 90_000;
    startWith(() => json({ success: true, user: makeUser(), available_units: 99 }), loginTime);
    await act(() => vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS));
    expect(useAuth.getState().token).toBe('tok');
    await act(() => vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS));
    expect(useAuth.getState().token).toBeNull();
  });
});

describe('useSessionGuard on a shared device', () => {
  const forgotten = () => vi.mocked(forgetOfflineData).mock.calls.length;
  const ok = () => json({ success: true, user: makeUser(), available_units: 99 });

  beforeEach(() => {
    resetAuth();
    vi.mocked(forgetOfflineData).mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("forgets the user's offline data when they sign out", async () => {
    const fetchMock = startWith(ok);
    await waitFor(() => expect(callsTo(fetchMock, UNITS)).toHaveLength(1));
    expect(forgotten()).toBe(0);
    act(() => useAuth.getState().signOut());
    await waitFor(() => expect(forgotten()).toBe(1));
  });

  it('forgets it when the server says the session is gone', async () => {
    startWith(() => errorBody(401, 'UNAUTHORIZED', 'Session expired'));
    await waitFor(() => expect(useAuth.getState().token).toBeNull());
    await waitFor(() => expect(forgotten()).toBe(1));
  });

  it('forgets it when the session expires', async () => {
    vi.useFakeTimers();
    const start = new Date('2026-01-01T10:00:00Z').getTime();
    vi.setSystemTime(start);
    startWith(ok, start - SESSION_LIFETIME_MS + 30_000);
    await act(() => vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS));
    expect(useAuth.getState().token).toBeNull();
    vi.useRealTimers();
    await waitFor(() => expect(forgotten()).toBe(1));
  });

  it('forgets it when the saved session lapsed while the app was closed', async () => {
    const user = makeUser();
    const loginTime = Date.now() - SESSION_LIFETIME_MS - 1;
    localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ isAuthenticated: true, user, token: 'tok', loginTime }),
    );
    stubApi({});
    render(<Guarded />);
    await waitFor(() => expect(forgotten()).toBe(1));
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it("leaves a visitor's device alone", async () => {
    stubApi({});
    render(<Guarded />);
    await vi.dynamicImportSettled();
    expect(forgotten()).toBe(0);
  });
});
