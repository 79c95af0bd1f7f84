import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, configureApiClient } from './api-client.ts';

function respond(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status }));
}

describe('apiRequest', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the bearer token and JSON body', async () => {
    const fetchMock = respond(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    configureApiClient({ getToken: () => 'tok', onUnauthorized: () => undefined });
    await expect(apiRequest('/api/x', { body: { a: 1 } })).resolves.toEqual({ ok: true });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(init.body).toBe('{"a":1}');
  });

  it('maps the server error body to an ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      respond(402, {
        success: false,
        code: 'UNITS_EXHAUSTED',
        message: 'No subscription units available',
      }),
    );
    const error = await apiRequest('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 402,
      code: 'UNITS_EXHAUSTED',
      message: 'No subscription units available',
    });
  });

  it('reads a bodiless 500 as Internal Server Error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 500 })),
    );
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ message: 'Internal Server Error' });
  });

  it('logs out on 401 unless told not to', async () => {
    const onUnauthorized = vi.fn();
    configureApiClient({ getToken: () => null, onUnauthorized });
    vi.stubGlobal('fetch', respond(401, { success: false, code: 'UNAUTHORIZED', message: 'no' }));
    await expect(apiRequest('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await expect(apiRequest('/api/x', { skipUnauthorizedHandler: true })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('turns a timeout into the timeout message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
          }),
      ),
    );
    await expect(apiRequest('/api/x', { timeoutMs: 10 })).rejects.toMatchObject({
      kind: 'timeout',
      message: 'Request timed out. Please try again.',
    });
  });

  it('turns a failed connection into Network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('/api/x')).rejects.toMatchObject({
      kind: 'network',
      message: 'Network error',
    });
  });
});
