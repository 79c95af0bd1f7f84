import {
  type FakeVendor,
  sseFrame,
  startFakeVendor,
  stringField,
  type VendorCall,
  type VendorWire,
} from './fake-vendor-server.ts';

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

const DEFAULT_MESSAGE: Record<number, string> = {
  429: 'This request would exceed the rate limit for your organization. Please try again later.',
  500: 'Internal server error',
  529: 'Overloaded',
};

/** Anthropic's error envelope: {type: "error", error: {type, message}}. */
function errorBody(status: number, message: string | undefined) {
  return {
    type: 'error',
    error: {
      type: ERROR_TYPES[status] ?? 'api_error',
      message: message ?? DEFAULT_MESSAGE[status] ?? 'Request failed',
    },
  };
}

const MESSAGE_ID = 'msg_fake01';

function messageObject(text: string, call: VendorCall, finished: boolean) {
  return {
    id: MESSAGE_ID,
    type: 'message',
    role: 'assistant',
    model: call.model,
    content: finished ? [{ type: 'text', text }] : [],
    stop_reason: finished ? 'end_turn' : null,
    stop_sequence: null,
    usage: { input_tokens: 24, output_tokens: finished ? Math.ceil(text.length / 4) : 1 },
  };
}

/**
 * The Messages API: POST /v1/messages with x-api-key and anthropic-version headers; JSON, or
 * (with `stream: true`) named SSE events message_start, content_block_start, ping,
 * content_block_delta (text_delta), content_block_stop, message_delta, message_stop.
 */
export function anthropicWire(apiKey: string): VendorWire {
  return {
    basePath: '/v1',
    route(method, url, body) {
      if (method !== 'POST' || url.pathname !== '/v1/messages') return undefined;
      const stream =
        typeof body === 'object' && body !== null && 'stream' in body && body.stream === true;
      return { stream, model: stringField(body, 'model') ?? 'unknown' };
    },
    reject(headers, _url, body) {
      if (headers['x-api-key'] !== apiKey) {
        return { status: 401, body: errorBody(401, 'invalid x-api-key') };
      }
      if (headers['anthropic-version'] === undefined) {
        return { status: 400, body: errorBody(400, 'anthropic-version: header is required') };
      }
      const maxTokens = typeof body === 'object' && body !== null && 'max_tokens' in body;
      if (!maxTokens) return { status: 400, body: errorBody(400, 'max_tokens: Field required') };
      return undefined;
    },
    errorBody,
    jsonReply: (text, call) => messageObject(text, call, true),
    streamContentType: 'text/event-stream; charset=utf-8',
    streamFrames(chunks, ending, call) {
      const event = (type: string, fields: Record<string, unknown> = {}) =>
        sseFrame({ type, ...fields }, type);
      const text = chunks.join('');
      const frames = [
        event('message_start', { message: messageObject('', call, false) }),
        event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
        event('ping'),
        ...chunks.map((delta) =>
          event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: delta } }),
        ),
      ];
      if (ending === 'complete') {
        frames.push(
          event('content_block_stop', { index: 0 }),
          event('message_delta', {
            delta: { stop_reason: 'end_turn', stop_sequence: null },
            usage: { output_tokens: Math.ceil(text.length / 4) },
          }),
          event('message_stop'),
        );
      } else if (ending === 'invalid-json') {
        frames.push(
          'event: content_block_delta\ndata: {"type": "content_block_delta", "index": 0, "delta": {\n\n',
        );
      } else if (typeof ending === 'object') {
        frames.push(sseFrame(errorBody(529, ending.error), 'error'));
      }
      return frames;
    },
  };
}

export function startFakeAnthropic(apiKey = 'sk-ant-test-key'): Promise<FakeVendor> {
  return startFakeVendor(anthropicWire(apiKey));
}
