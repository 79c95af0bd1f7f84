import {
  type FakeVendor,
  sseFrame,
  startFakeVendor,
  type VendorCall,
  type VendorWire,
} from './fake-vendor-server.ts';

const GRPC_STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

const DEFAULT_MESSAGE: Record<number, string> = {
  429: 'Resource has been exhausted (e.g. check quota).',
  500: 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
  503: 'The model is overloaded. Please try again later.',
};

/** Gemini's error envelope: {error: {code, message, status}}. */
function errorBody(status: number, message: string | undefined) {
  return {
    error: {
      code: status,
      message: message ?? DEFAULT_MESSAGE[status] ?? 'Request failed.',
      status: GRPC_STATUS[status] ?? 'UNKNOWN',
    },
  };
}

function usage(text: string) {
  const candidatesTokenCount = Math.ceil(text.length / 4);
  return { promptTokenCount: 24, candidatesTokenCount, totalTokenCount: 24 + candidatesTokenCount };
}

/** One GenerateContentResponse; the final one of a stream carries finishReason. */
function response(text: string, call: VendorCall, finished: boolean) {
  return {
    candidates: [
      {
        content: { parts: [{ text }], role: 'model' },
        ...(finished ? { finishReason: 'STOP' } : {}),
        index: 0,
      },
    ],
    usageMetadata: usage(text),
    modelVersion: call.model,
    responseId: 'fake-gemini-response',
  };
}

/**
 * Generative Language API v1beta: POST /v1beta/models/{model}:generateContent (JSON) and
 * :streamGenerateContent?alt=sse (one GenerateContentResponse per `data:` event), key in the
 * x-goog-api-key header or the `key` query parameter.
 */
export function googleWire(apiKey: string): VendorWire {
  return {
    basePath: '/v1beta',
    route(method, url) {
      const match = /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(
        url.pathname,
      );
      if (method !== 'POST' || match?.[1] === undefined) return undefined;
      const stream = match[2] === 'streamGenerateContent';
      // Without alt=sse the real API streams a JSON array, which the SDK never asks for.
      if (stream && url.searchParams.get('alt') !== 'sse') return undefined;
      return { stream, model: match[1] };
    },
    reject(headers, url) {
      const key = headers['x-goog-api-key'] ?? url.searchParams.get('key');
      if (key === apiKey) return undefined;
      if (key === undefined || key === null) {
        const message =
          "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.";
        return { status: 403, body: errorBody(403, message) };
      }
      return {
        status: 400,
        body: errorBody(400, 'API key not valid. Please pass a valid API key.'),
      };
    },
    errorBody,
    jsonReply: (text, call) => response(text, call, true),
    streamContentType: 'text/event-stream',
    streamFrames(chunks, ending, call) {
      const parts = ending === 'complete' && chunks.length === 0 ? [''] : chunks;
      const frames = parts.map((text, i) =>
        sseFrame(response(text, call, ending === 'complete' && i === parts.length - 1)),
      );
      if (ending === 'invalid-json') frames.push('data: {"candidates": [{"content": {"parts"\n\n');
      if (typeof ending === 'object') frames.push(sseFrame(errorBody(500, ending.error)));
      return frames;
    },
  };
}

export function startFakeGoogle(apiKey = 'test-google-key'): Promise<FakeVendor> {
  return startFakeVendor(googleWire(apiKey));
}
