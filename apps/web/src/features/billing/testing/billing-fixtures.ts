import type { User } from '@grasp/contract';
import { vi } from 'vitest';
import { useAuth } from '../../../lib/auth-store.ts';

/** Test helpers of the billing feature: a signed-in user and a fetch stub for our API. */
export function signIn(overrides: Partial<User> = {}): User {
  const user: User = {
    id: '0b6f7c1e-1111-4a2b-9c3d-222233334444',
    username: 'asha',
    name: 'Asha Rao',
    fullName: 'Asha Rao',
    email: 'asha@example.org',
    mobile: '9876543210',
    avatar: null,
    plan: 'free',
    ...overrides,
  };
  useAuth.getState().signIn(user, 'token-1');
  return user;
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export type Route = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Answers by "METHOD /path" or "/path"; any other call fails the test. */
export function stubApi(routes: Record<string, Route>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const path = url.split('?')[0] ?? url;
    const route = routes[`${init.method ?? 'GET'} ${path}`] ?? routes[path];
    if (!route) throw new Error(`Unexpected call: ${init.method ?? 'GET'} ${path}`);
    return route(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function bodiesSentTo(fetchMock: ReturnType<typeof stubApi>, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input]) => String(input).split('?')[0] === path)
    .map(([, init]) =>
      typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    );
}
