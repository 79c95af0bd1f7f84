import {
  type FakeVendor,
  startFakeVendor,
  stringField,
  type VendorCall,
  type VendorWire,
} from './fake-vendor-server.ts';

const CREATED_AT = '2026-01-01T00:00:00.000000Z';

/** Ollama's errors are a bare string: {"error": "..."}. */
function errorBody(status: number, message: string | undefined) {
  const fallback =
    status === 404 ? 'not found' : status === 429 ? 'too many requests' : 'internal error';
  return { error: message ?? fallback };
}

function chunk(text: string, call: VendorCall) {
  return {
    model: call.model,
    created_at: CREATED_AT,
    message: { role: 'assistant', content: text },
    done: false,
  };
}

/** The closing object: done with its reason and timing statistics. */
function done(text: string, call: VendorCall, content: string) {
  return {
    ...chunk(content, call),
    done_reason: 'stop',
    done: true,
    total_duration: 1_200_000_000,
    load_duration: 50_000_000,
    prompt_eval_count: 24,
    prompt_eval_duration: 100_000_000,
    eval_count: Math.ceil(text.length / 4),
    eval_duration: 1_000_000_000,
  };
}

const line = (value: unknown) => `${JSON.stringify(value)}\n`;

/**
 * Ollama's native API: POST /api/chat, one JSON object with `stream: false`, otherwise NDJSON
 * (application/x-ndjson), one object per line, the last with `done: true`. No auth.
 */
export function ollamaWire(): VendorWire {
  return {
    basePath: '',
    route(method, url, body) {
      if (method !== 'POST' || url.pathname !== '/api/chat') return undefined;
      // Ollama streams unless told otherwise.
      const stream = !(
        typeof body === 'object' &&
        body !== null &&
        'stream' in body &&
        body.stream === false
      );
      return { stream, model: stringField(body, 'model') ?? 'unknown' };
    },
    reject: () => undefined,
    errorBody,
    jsonReply: (text, call) => done(text, call, text),
    streamContentType: 'application/x-ndjson',
    streamFrames(chunks, ending, call) {
      const frames = chunks.map((text) => line(chunk(text, call)));
      if (ending === 'complete') frames.push(line(done(chunks.join(''), call, '')));
      if (ending === 'invalid-json') frames.push('{"model":"llama3.2","message":{"role":\n');
      if (typeof ending === 'object') frames.push(line({ error: ending.error }));
      return frames;
    },
  };
}

export function startFakeOllama(): Promise<FakeVendor> {
  return startFakeVendor(ollamaWire());
}
