import type { User } from '@grasp/contract';
import { vi } from 'vitest';

/** Test helpers every feature shares: a user, JSON answers and a fetch stub for our API. */
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
    interfaceLanguage: 'en',
    ...overrides,
  };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** An SSE response whose chunks arrive one by one. */
export function sse(chunks: readonly string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
}

/** One SSE event as the server frames it. */
export function sseEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export type Route = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Stubs fetch for our API; answers by "METHOD /path" or "/path", any other call fails the test. */
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
