import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One log line per request, written when it completes, instead of Fastify's two (in and out):
 * the completed line carries what the incoming one did (method, url, address), and at the
 * default level every line is a serialisation and a write on the hot path.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
