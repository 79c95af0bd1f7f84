import {
  type FakeVendor,
  sseFrame,
  startFakeVendor,
  stringField,
  type VendorCall,
  type VendorWire,
} from './fake-vendor-server.ts';

const ERRORS: Record<number, { message: string; type: string; code: string | null }> = {
  401: {
    message: 'Incorrect API key provided.',
    type: 'invalid_request_error',
    code: 'invalid_api_key',
  },
  404: { message: 'Invalid URL', type: 'invalid_request_error', code: null },
  429: {
    message: 'Rate limit reached for requests. Please try again in 1s.',
    type: 'requests',
    code: 'rate_limit_exceeded',
  },
  500: {
    message: 'The server had an error while processing your request. Sorry about that!',
    type: 'server_error',
    code: null,
  },
  503: { message: 'The engine is currently overloaded.', type: 'server_error', code: null },
};

/** OpenAI's error envelope: {error: {message, type, param, code}}. */
function errorBody(status: number, message: string | undefined) {
  const known = ERRORS[status] ?? { message: 'Request failed.', type: 'api_error', code: null };
  return { error: { ...known, message: message ?? known.message, param: null } };
}

const RESPONSE_ID = 'resp_fake0001';
const MESSAGE_ID = 'msg_fake0001';

function outputText(text: string) {
  return { type: 'output_text', annotations: [], logprobs: [], text };
}

function message(text: string, status: 'in_progress' | 'completed') {
  const content = status === 'completed' ? [outputText(text)] : [];
  return { id: MESSAGE_ID, type: 'message', status, role: 'assistant', content };
}

/** A Responses API `response` object. */
function responseObject(text: string, call: VendorCall, status: 'in_progress' | 'completed') {
  const outputTokens = Math.ceil(text.length / 4);
  return {
    id: RESPONSE_ID,
    object: 'response',
    created_at: 1_767_225_600,
    status,
    error: null,
    incomplete_details: null,
    model: call.model,
    output: status === 'completed' ? [message(text, 'completed')] : [],
    parallel_tool_calls: true,
    text: { format: { type: 'text' } },
    tool_choice: 'auto',
    tools: [],
    usage:
      status === 'completed'
        ? {
            input_tokens: 24,
            input_tokens_details: { cached_tokens: 0 },
            output_tokens: outputTokens,
            output_tokens_details: { reasoning_tokens: 0 },
            total_tokens: 24 + outputTokens,
          }
        : null,
  };
}

/**
 * The Responses API, which @ai-sdk/openai uses by default: POST /v1/responses, JSON or (with
 * `stream: true`) SSE events named by `type`, ending with response.completed (no [DONE]).
 * Bearer key in Authorization.
 */
export function openaiWire(apiKey: string): VendorWire {
  return {
    basePath: '/v1',
    route(method, url, body) {
      if (method !== 'POST' || url.pathname !== '/v1/responses') return undefined;
      const stream =
        typeof body === 'object' && body !== null && 'stream' in body && body.stream === true;
      return { stream, model: stringField(body, 'model') ?? 'unknown' };
    },
    reject(headers) {
      if (headers.authorization === `Bearer ${apiKey}`) return undefined;
      const message =
        headers.authorization === undefined
          ? "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY)."
          : 'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.';
      return { status: 401, body: errorBody(401, message) };
    },
    errorBody,
    jsonReply: (text, call) => responseObject(text, call, 'completed'),
    streamContentType: 'text/event-stream; charset=utf-8',
    streamFrames(chunks, ending, call) {
      let sequence = 0;
      const event = (type: string, fields: Record<string, unknown>) =>
        sseFrame({ type, sequence_number: sequence++, ...fields }, type);
      const at = { item_id: MESSAGE_ID, output_index: 0, content_index: 0 };
      const text = chunks.join('');
      const frames = [
        event('response.created', { response: responseObject('', call, 'in_progress') }),
        event('response.in_progress', { response: responseObject('', call, 'in_progress') }),
        event('response.output_item.added', { output_index: 0, item: message('', 'in_progress') }),
        event('response.content_part.added', { ...at, part: outputText('') }),
        ...chunks.map((delta) =>
          event('response.output_text.delta', { ...at, delta, logprobs: [] }),
        ),
      ];
      if (ending === 'complete') {
        frames.push(
          event('response.output_text.done', { ...at, text, logprobs: [] }),
          event('response.content_part.done', { ...at, part: outputText(text) }),
          event('response.output_item.done', { output_index: 0, item: message(text, 'completed') }),
          event('response.completed', { response: responseObject(text, call, 'completed') }),
        );
      } else if (ending === 'invalid-json') {
        frames.push(
          'event: response.output_text.delta\ndata: {"type":"response.output_text.delta","item_id":\n\n',
        );
      } else if (typeof ending === 'object') {
        frames.push(event('error', { code: 'server_error', message: ending.error, param: null }));
      }
      return frames;
    },
  };
}

export function startFakeOpenAI(apiKey = 'sk-test-openai-key', port = 0): Promise<FakeVendor> {
  return startFakeVendor(openaiWire(apiKey), port);
}
