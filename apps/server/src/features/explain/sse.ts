import type { FastifyReply } from 'fastify';

/** Takes over the reply and writes Server-Sent Events to it. */
export function openEventStream(reply: FastifyReply) {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
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
