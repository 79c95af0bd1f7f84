import { ERROR_MESSAGES, REQUEST_TIMEOUT_MS } from '@grasp/contract';
import { ApiError, apiHeaders, reportUnauthorized } from './api-client.ts';
import { readSseEvents } from './sse.ts';

/** What checks a stream's final object; a zod schema from the contract fits. */
export interface ResponseParser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

export interface StreamOptions<T> {
  /** The JSON body of the POST. */
  body: unknown;
  schema: ResponseParser<T>;
  /** Shown when the call fails without a message of the server's own. */
  failureMessage: string;
  /** Receives each markdown chunk as the server streams it. */
  onDelta?: (text: string) => void;
  /** The server drops what it streamed so far and sends another answer (SSE `retry`). */
  onRetry?: (reason: string) => void;
  signal?: AbortSignal;
  /** Silence allowed between two chunks before the call counts as timed out. */
  timeoutMs?: number;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function errorFromBody(status: number, body: unknown, failureMessage: string): ApiError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const message = typeof record.message === 'string' && record.message ? record.message : '';
  const code = typeof record.code === 'string' ? record.code : 'HTTP_ERROR';
  const fallback = status >= 500 ? ERROR_MESSAGES.internalServerError : failureMessage;
  return new ApiError('http', status, code, message || fallback);
}

/**
 * A POST to our API that an AI answers as it writes: SSE `delta` events ({ text }), then `done`
 * with the whole object or `error` with the error body; a server that answers plain JSON is read
 * too. The timeout restarts with every chunk: a long answer that keeps arriving is not cut off, a
 * silent server is. Same token, 401 and error rules as apiRequest, which cannot read a stream.
 */
export async function apiStream<T>(path: string, options: StreamOptions<T>): Promise<T> {
  const { schema, failureMessage } = options;
  const failed = () => new ApiError('http', 0, 'BAD_RESPONSE', failureMessage);
  const toResult = (value: unknown): T => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw failed();
    return parsed.data;
  };

  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const timeout = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const touch = () => {
    clearTimeout(timer);
    timer = setTimeout(
      () => timeout.abort(new DOMException('The request timed out', 'TimeoutError')),
      timeoutMs,
    );
  };
  const signal = options.signal
    ? AbortSignal.any([timeout.signal, options.signal])
    : timeout.signal;

  touch();
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { ...apiHeaders('text/event-stream'), 'Content-Type': 'application/json' },
      body: JSON.stringify(options.body),
      signal,
    });
    touch();
    const contentType = response.headers.get('content-type') ?? '';
    if (response.ok && contentType.includes('text/event-stream') && response.body) {
      for await (const { event, data } of readSseEvents(response.body)) {
        touch();
        const payload = parseJson(data);
        if (event === 'delta') {
          const text = (payload as { text?: unknown } | null)?.text;
          if (typeof text === 'string') options.onDelta?.(text);
        } else if (event === 'retry') {
          const reason = (payload as { reason?: unknown } | null)?.reason;
          options.onRetry?.(typeof reason === 'string' ? reason : '');
        } else if (event === 'done') {
          return toResult(payload);
        } else if (event === 'error') {
          throw errorFromBody(0, payload, failureMessage);
        }
      }
      // The stream ended without its done event.
      throw failed();
    }
    const body = parseJson(await response.text());
    if (response.ok) return toResult(body);
    if (response.status === 401) reportUnauthorized();
    throw errorFromBody(response.status, body, failureMessage);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (timeout.signal.aborted) {
      throw new ApiError('timeout', 0, 'TIMEOUT', ERROR_MESSAGES.aiTimeout);
    }
    if (options.signal?.aborted) throw error;
    throw new ApiError('network', 0, 'NETWORK', ERROR_MESSAGES.networkError);
  } finally {
    clearTimeout(timer);
  }
}
