import type { ErrorBody, LanguageId } from '@grasp/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { appErrorMessage, unexpectedErrorBody } from '../plugins/error-handler.ts';
import { coalesceDeltas } from './delta-coalescer.ts';
import { AppError } from './errors.ts';
import { localizeText } from './i18n.ts';

/** Takes over the reply and writes Server-Sent Events to it. */
export function openEventStream(reply: FastifyReply, language?: LanguageId) {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(language ? { 'Content-Language': language } : {}),
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  return {
    send(event: string, data: unknown): void {
      if (!raw.writableEnded) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end(): void {
      if (!raw.writableEnded) raw.end();
    },
  };
}

export function wantsEventStream(accept: string | undefined): boolean {
  return (accept ?? '').includes('text/event-stream');
}

/** The API's error body, its message in the stream's language (DESIGN.md §17). */
function errorBody(error: unknown, language: LanguageId): ErrorBody {
  if (!(error instanceof AppError)) {
    const body = unexpectedErrorBody(error);
    return { ...body, message: localizeText(language, body.message) };
  }
  return { success: false, code: error.code, message: appErrorMessage(error, language) };
}

/**
 * Streams an answer as SSE: `delta` events with text as it comes (the first at once, later ones
 * joined per tick: lib/delta-coalescer.ts), then `done` with the result, or one `error` event
 * with the API's error body.
 */
export async function replyWithEvents<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  produce: (
    onDelta: (text: string) => void,
    onEvent: (event: string, data: unknown) => void,
  ) => Promise<T>,
): Promise<FastifyReply> {
  const language = await request.server.languageOf(request);
  const stream = openEventStream(reply, language);
  const deltas = coalesceDeltas((text) => stream.send('delta', { text }));
  try {
    const result = await produce(deltas.push, (event, data) => {
      deltas.flush();
      stream.send(event, data);
    });
    deltas.flush();
    stream.send('done', result);
  } catch (error) {
    deltas.flush();
    if (!(error instanceof AppError)) request.log.error({ err: error }, 'streamed answer failed');
    stream.send('error', errorBody(error, language));
  } finally {
    stream.end();
  }
  return reply;
}
