import {
  ERROR_MESSAGES,
  type ExplainRequest,
  type ExplainResponse,
  explainResponseSchema,
  REQUEST_TIMEOUT_MS,
} from '@grasp/contract';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { readSseEvents } from '../lib/sse.ts';

export const EXPLAIN_PATH = '/api/ai/aiResponseGoogle';

export interface ExplainCallOptions {
  /** Receives each markdown chunk as the server streams it. */
  onDelta?: (text: string) => void;
  signal?: AbortSignal;
  /** Silence allowed between two chunks before the call counts as timed out. */
  timeoutMs?: number;
}

function failed(): ApiError {
  return new ApiError('http', 0, 'BAD_RESPONSE', ERROR_MESSAGES.explanationFailed);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function toResponse(value: unknown): ExplainResponse {
  const parsed = explainResponseSchema.safeParse(value);
  if (!parsed.success) throw failed();
  return parsed.data;
}

function errorFromBody(status: number, body: unknown): ApiError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const message = typeof record.message === 'string' && record.message ? record.message : '';
  const code = typeof record.code === 'string' ? record.code : 'HTTP_ERROR';
  const fallback =
    status >= 500 ? ERROR_MESSAGES.internalServerError : ERROR_MESSAGES.explanationFailed;
  return new ApiError('http', status, code, message || fallback);
}

async function readStream(response: Response, options: ExplainCallOptions, touch: () => void) {
  if (!response.body) throw failed();
  for await (const { event, data } of readSseEvents(response.body)) {
    touch();
    const payload = parseJson(data);
    if (event === 'delta') {
      const text = (payload as { text?: unknown } | null)?.text;
      if (typeof text === 'string') options.onDelta?.(text);
    } else if (event === 'done') {
      return toResponse(payload);
    } else if (event === 'error') {
      throw errorFromBody(0, payload);
    }
  }
  // The stream ended without its done event.
  throw failed();
}

/**
 * Asks the server for an explanation, streaming it when the server answers with SSE and reading
 * plain JSON otherwise. The timeout restarts with every chunk: a long answer that keeps arriving
 * is not cut off, a silent server is. apiRequest cannot read a stream, so this calls fetch itself
 * with the same token, timeout and error rules.
 */
export async function requestExplanation(
  request: ExplainRequest,
  options: ExplainCallOptions = {},
): Promise<ExplainResponse> {
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
  const token = useAuth.getState().token;
  const headers: Record<string, string> = {
    Accept: 'text/event-stream',
    'Content-Type': 'application/json',
  };
  if (token) headers.Authorization = `Bearer ${token}`;

  touch();
  try {
    const response = await fetch(EXPLAIN_PATH, {
      method: 'POST',
      headers,
      body: JSON.stringify(request),
      signal,
    });
    touch();
    const contentType = response.headers.get('content-type') ?? '';
    if (response.ok && contentType.includes('text/event-stream')) {
      return await readStream(response, options, touch);
    }
    const body = parseJson(await response.text());
    if (response.ok) return toResponse(body);
    if (response.status === 401) useAuth.getState().signOut();
    throw errorFromBody(response.status, body);
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
