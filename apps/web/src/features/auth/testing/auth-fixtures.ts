import type { User } from '@grasp/contract';
import { vi } from 'vitest';
import { useAuth } from '../../../lib/auth-store.ts';

/** Test helpers for the auth feature: a user, JSON answers and a fetch stub for our API. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    username: 'asha',
    name: 'Asha Rao',
    fullName: 'Asha Rao',
    email: 'asha@example.org',
    mobile: '9876543210',
    avatar: null,
    plan: 'free',
    ...overrides,
  };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function errorBody(status: number, code: string, message: string): Response {
  return json({ success: false, code, message }, status);
}

export type Route = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Stubs fetch for our API; each test answers by path (and method when it matters). */
export function stubApi(routes: Record<string, Route>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const path = url.split('?')[0] ?? url;
    const key = `${init.method ?? 'GET'} ${path}`;
    const route = routes[key] ?? routes[path];
    if (!route) throw new Error(`Unexpected call: ${key}`);
    return route(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls made to one path, with their parsed JSON bodies. */
export function callsTo(fetchMock: ReturnType<typeof stubApi>, path: string) {
  return fetchMock.mock.calls
    .filter(([input]) => String(input).split('?')[0] === path)
    .map(([input, init]) => ({
      url: String(input),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    }));
}

/** What fetch throws when the API client's 30 s timeout signal fires. */
export function timesOut(): Promise<Response> {
  return Promise.reject(new DOMException('The operation timed out.', 'TimeoutError'));
}

/** A response the test releases when it wants, to look at the "in progress" state. */
export function deferred() {
  let release: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { route: () => promise, release };
}

/** An altcha-lib-like challenge; the fake widget's payload names its salt. */
export function altchaChallenge(salt: string): Response {
  return json({
    provider: 'altcha',
    challenge: { parameters: { algorithm: 'SHA-256', nonce: 'n', salt, keyPrefix: '00' } },
  });
}

export function signInAs(user: User, loginTime = Date.now()) {
  useAuth.getState().signIn(user, 'tok', loginTime);
}

export function resetAuth() {
  useAuth.setState({ user: null, token: null, loginTime: null });
}
