import {
  conceptParamsSchema,
  errorBodySchema,
  explainRequestSchema,
  explainResponseSchema,
  historyEntrySchema,
  providersResponseSchema,
} from '@grasp/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type DeflatedTail, deflatedTail, gzipJoined } from '../../lib/gzip-join.ts';
import { takesGzip } from '../../lib/page-encoding.ts';
import { replyWithEvents, wantsEventStream } from '../../lib/sse.ts';
import { currentAuth } from '../../plugins/authenticate.ts';
import { type ExplainService, sharedPartOf } from './explain.service.ts';
import type { ProviderRegistry } from './providers/registry.ts';

const errorCodes = [400, 401, 402, 403, 404, 429, 502, 503, 504] as const;
const errors = Object.fromEntries(errorCodes.map((code) => [code, errorBodySchema]));

const encoded = new WeakMap<object, DeflatedTail>();
/**
 * A frozen shared part as UTF-8, without its opening brace, and that deflated: both made once per
 * cached answer, the deflate on the first answer asked for gzipped.
 */
function encodedTail(shared: object): DeflatedTail {
  let tail = encoded.get(shared);
  if (tail === undefined) {
    const bytes = Buffer.from(JSON.stringify(shared).slice(1));
    let deflated: Buffer | undefined;
    tail = {
      bytes,
      get deflated() {
        deflated ??= deflatedTail(bytes).deflated;
        return deflated;
      },
    };
    encoded.set(shared, tail);
  }
  return tail;
}

/** The cached response's part of its own: the caller's explanationId, opening the object. */
function ownHead(data: object): string {
  const id = (data as { explanationId: string }).explanationId;
  return `{"explanationId":${JSON.stringify(id)},`;
}

/**
 * A cached answer's shared part is encoded once, as bytes; only the caller's explanationId is
 * written in front of it. Bytes rather than a string: the answers are not ASCII, and a string
 * was measured twice more per response (its UTF-8 length for Content-Length, then its encoding
 * onto the socket).
 */
function encodeResponse(data: unknown): string | Buffer {
  const shared = typeof data === 'object' && data !== null ? sharedPartOf(data) : undefined;
  if (!shared || !Object.isFrozen(shared)) return JSON.stringify(data);
  const head = ownHead(data as object);
  const tail = encodedTail(shared).bytes;
  const bytes = Buffer.allocUnsafe(Buffer.byteLength(head) + tail.length);
  tail.copy(bytes, bytes.write(head));
  return bytes;
}

/**
 * Sends a cached answer gzipped, without compressing it again, to a client that takes gzip, as
 * fetch and most HTTP libraries ask by default (the app itself streams): @fastify/compress chose
 * brotli and compressed each ~2.5 KB answer anew, four times the CPU of the rest of the answer.
 * False for any other answer or client, left to the route's serializer and the compress plugin.
 */
function sentGzipped(request: FastifyRequest, reply: FastifyReply, result: object): boolean {
  const shared = sharedPartOf(result);
  if (!shared || !Object.isFrozen(shared)) return false;
  const { headers } = request;
  if (headers['x-no-compression'] !== undefined || !takesGzip(headers['accept-encoding'])) {
    return false;
  }
  const body = gzipJoined(Buffer.from(ownHead(result)), encodedTail(shared));
  reply
    .type('application/json; charset=utf-8')
    .header('content-encoding', 'gzip')
    .header('vary', 'accept-encoding')
    .send(body);
  return true;
}

export const explainRoutes =
  (explain: ExplainService, providers: ProviderRegistry): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/ai/aiResponseGoogle',
      {
        schema: {
          tags: ['explain'],
          summary: 'Explain a concept; send Accept: text/event-stream to stream it as SSE',
          security: [{ bearer: [] }],
          body: explainRequestSchema,
          response: { 200: explainResponseSchema, ...errors },
        },
        // Answers already have the contract's shape: built field by field from a checked graph,
        // or parsed with the schema when read from the cache table. Encoding ~2 KB through zod
        // again on every response was a measured 6% of a cached explanation's CPU; a cached
        // answer is one frozen object, encoded once. Fastify sends a Buffer as it is.
        serializerCompiler: () => encodeResponse as (data: unknown) => string,
        preHandler: app.requireUser,
        // Per user: a class behind one address must not share one allowance. Units bound the cost.
        config: { rateLimit: app.limitPerUser(60, '1 minute') },
      },
      async (request, reply) => {
        const ticket = await explain.begin(currentAuth(request).user, request.body);
        if (!wantsEventStream(request.headers.accept)) {
          const result = await explain.complete(ticket);
          return sentGzipped(request, reply, result) ? reply : result;
        }
        // `retry`: the text streamed so far is dropped, another answer follows (DESIGN.md §18).
        return replyWithEvents(request, reply, (onDelta, onEvent) =>
          explain.complete(ticket, onDelta, (reason) => onEvent('retry', { reason })),
        );
      },
    );

    app.get(
      '/api/ai/providers',
      {
        schema: {
          tags: ['explain'],
          summary: 'Providers, their labels and availability',
          response: { 200: providersResponseSchema },
        },
      },
      async () => ({ providers: providers.list(), default: providers.defaultId }),
    );

    app.get(
      '/api/concepts/history/:conceptName',
      {
        schema: {
          tags: ['explain'],
          summary: 'The caller’s earlier explanations of a concept, newest first',
          security: [{ bearer: [] }],
          params: conceptParamsSchema,
          response: { 200: z.array(historyEntrySchema), 401: errorBodySchema },
        },
        preHandler: app.requireUser,
      },
      (request) => explain.history(currentAuth(request).user.id, request.params.conceptName),
    );
  };
