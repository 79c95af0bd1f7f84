import { ERROR_MESSAGES, type ErrorBody, REQUEST_TIMEOUT_MS } from '@grasp/contract';

export type ApiErrorKind = 'timeout' | 'network' | 'http';

/** A failed call, already mapped to something a person can read. */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface ApiHooks {
  getToken: () => string | null;
  onUnauthorized: () => void;
}

let hooks: ApiHooks = { getToken: () => null, onUnauthorized: () => undefined };

/** Wired once at start-up by the auth feature, so this module depends on no feature. */
export function configureApiClient(next: ApiHooks): void {
  hooks = next;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Login answers 401 for a wrong PIN; that must not log anybody out. */
  skipUnauthorizedHandler?: boolean;
  headers?: Record<string, string>;
}

/** The headers every call to our API carries: what it accepts and the bearer token. */
export function apiHeaders(accept = 'application/json'): Record<string, string> {
  const token = hooks.getToken();
  return token ? { Accept: accept, Authorization: `Bearer ${token}` } : { Accept: accept };
}

/** A 401 from a call made outside apiRequest (a stream) logs out the same way. */
export function reportUnauthorized(): void {
  hooks.onUnauthorized();
}

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && 'message' in value;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function requestSignal(options: RequestOptions): AbortSignal {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  return options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { ...apiHeaders(), ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    return await fetch(path, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: requestSignal(options),
    });
  } catch (error) {
    const name = error instanceof Error || error instanceof DOMException ? error.name : '';
    if (name === 'TimeoutError') {
      throw new ApiError('timeout', 0, 'TIMEOUT', ERROR_MESSAGES.requestTimeout);
    }
    if (name === 'AbortError') throw error;
    throw new ApiError('network', 0, 'NETWORK', ERROR_MESSAGES.networkError);
  }
}

/** One JSON call to our API: bearer token, 30 s timeout, errors mapped, 401 logs out. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  const body = await readBody(response);
  if (response.ok) return body as T;
  throw failure(response, body, options);
}

/** A call whose answer is a file (a download), with the headers that name it; errors as above. */
export async function apiFile(
  path: string,
  options: RequestOptions = {},
): Promise<{ blob: Blob; headers: Headers }> {
  const response = await send(path, { ...options, headers: { Accept: '*/*', ...options.headers } });
  if (response.ok) return { blob: await response.blob(), headers: response.headers };
  throw failure(response, await readBody(response), options);
}

function failure(response: Response, body: unknown, options: RequestOptions): ApiError {
  if (response.status === 401 && !options.skipUnauthorizedHandler) hooks.onUnauthorized();
  const message = isErrorBody(body)
    ? body.message
    : response.status >= 500
      ? ERROR_MESSAGES.internalServerError
      : ERROR_MESSAGES.unexpected;
  const code = isErrorBody(body) && typeof body.code === 'string' ? body.code : 'HTTP_ERROR';
  return new ApiError('http', response.status, code, message);
}

/** A response body checked against its contract schema; a body that does not fit is an error. */
export function parsedBody<T>(
  schema: { safeParse(value: unknown): { success: boolean; data?: T } },
  body: unknown,
): T {
  const result = schema.safeParse(body);
  if (!result.success || result.data === undefined) {
    throw new ApiError('http', 0, 'BAD_RESPONSE', ERROR_MESSAGES.unexpected);
  }
  return result.data;
}

/** A GET or POST whose JSON answer is checked against its contract schema; a mismatch fails. */
export async function apiParsed<T>(
  schema: { safeParse(value: unknown): { success: boolean; data?: T } },
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  return parsedBody(schema, await apiRequest<unknown>(path, options));
}
