import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';

/** What pino keeps on a logger for writing a line: its bindings, its clock and its output. */
function partsOf(logger: unknown) {
  const parts = logger as Record<symbol, unknown>;
  return {
    bindings: parts[pino.symbols.chindingsSym] as string,
    time: parts[pino.symbols.timeSym] as () => string,
    stream: parts[pino.symbols.streamSym] as { write(line: string): void },
  };
}
type LoggerParts = ReturnType<typeof partsOf>;
const INFO = pino.levels.values.info;

/**
 * The completed line as pino writes it for `log.info({ req, res, responseTime }, msg)` with
 * Fastify's serializers (same keys, same order), built directly: pino's general path (a
 * serializer call, a key loop and a stringify per field) was most of a cached explanation's
 * logging cost, on every request at the default level.
 */
function completedLine(log: LoggerParts, request: FastifyRequest, reply: FastifyReply): string {
  const req = JSON.stringify({
    method: request.method,
    url: request.url,
    version: request.headers['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  });
  return (
    `{"level":${INFO}${log.time()}${log.bindings},"req":${req},` +
    `"res":{"statusCode":${reply.statusCode}},"responseTime":${reply.elapsedTime},` +
    `"msg":"request completed"}\n`
  );
}

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
    if (error) {
      const line = { req: request, res: reply, responseTime: reply.elapsedTime };
      reply.log.error({ ...line, err: error }, 'request errored');
    } else if ((reply.log as pino.Logger).isLevelEnabled('info')) {
      const log = partsOf(reply.log);
      log.stream.write(completedLine(log, request, reply));
    }
  }
}
