import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions } from 'pino';
import { tracing } from '../lib/tracing.ts';

interface LoggerParts {
  bindings: string;
  time: () => string;
  stream: { write(line: string): void };
}

/** What pino keeps on a logger for writing a line: its bindings, its clock and its output. */
function partsOf(logger: unknown): LoggerParts {
  if (logger instanceof RequestLogger) return logger.lineParts();
  const parts = logger as Record<symbol, unknown>;
  return {
    bindings: parts[pino.symbols.chindingsSym] as string,
    time: parts[pino.symbols.timeSym] as () => string,
    stream: parts[pino.symbols.streamSym] as { write(line: string): void },
  };
}
type LogArgs = Parameters<pino.LogFn>;

/**
 * A request's logger, whose pino child is made only when something logs through it. Fastify
 * makes one for every request, and with an options object, which takes pino off its fast path
 * (new formatters, a key walk, a stringify): most requests log nothing but their completed
 * line, which is written from the parent's parts and the request's id.
 */
class RequestLogger {
  readonly #parent: pino.Logger;
  readonly #bindings: Bindings;
  #child: pino.Logger | undefined;
  constructor(parent: pino.Logger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }
  get #logger(): pino.Logger {
    this.#child ??= this.#parent.child(this.#bindings);
    return this.#child;
  }
  /** The parent's parts, with this request's bindings written as pino writes a child's. */
  lineParts(): LoggerParts {
    if (this.#child) return partsOf(this.#child);
    const parts = partsOf(this.#parent);
    for (const key in this.#bindings) {
      const value: unknown = this.#bindings[key];
      if (value === undefined) continue;
      const json = typeof value === 'string' ? jsonString(value) : JSON.stringify(value);
      parts.bindings += `,${jsonString(key)}:${json}`;
    }
    return parts;
  }
  get level(): string {
    return (this.#child ?? this.#parent).level;
  }
  set level(level: string) {
    this.#logger.level = level;
  }
  isLevelEnabled(level: string): boolean {
    return (this.#child ?? this.#parent).isLevelEnabled(level);
  }
  fatal(...args: LogArgs): void {
    this.#logger.fatal(...args);
  }
  error(...args: LogArgs): void {
    this.#logger.error(...args);
  }
  warn(...args: LogArgs): void {
    this.#logger.warn(...args);
  }
  info(...args: LogArgs): void {
    this.#logger.info(...args);
  }
  debug(...args: LogArgs): void {
    this.#logger.debug(...args);
  }
  trace(...args: LogArgs): void {
    this.#logger.trace(...args);
  }
  silent(...args: LogArgs): void {
    this.#logger.silent(...args);
  }
  child(bindings: Bindings, options?: ChildLoggerOptions) {
    return this.#logger.child(bindings, options);
  }
}

/**
 * Fastify's childLoggerFactory: a lazy request logger, or pino's child at once when the route
 * asks for its own level or serializers.
 */
export function requestLogger(logger: unknown, bindings: Bindings, options: ChildLoggerOptions) {
  const parent = logger as pino.Logger;
  for (const _ in options) return parent.child(bindings, options);
  return new RequestLogger(parent, bindings);
}

const INFO = pino.levels.values.info;

/**
 * A logged URL is its path: query strings carry tokens (`/reset-pin?token=…`), and no secret
 * may reach a log line (STYLE.md rule 19).
 */
export function loggedUrl(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** Fastify's request serialiser, with the URL's query string dropped. */
function requestValue(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    version: request.headers?.['accept-version'] as string | undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Fields that would hold a secret, wherever a caller puts them in a logged object. */
const SECRET_FIELDS = ['pin', 'currentPin', 'confirm_pin', 'password', 'token', 'link'];

/** Logger options every logger of the app gets: the request serialiser and the redactions. */
export const secretFreeLogging = {
  serializers: { req: requestValue },
  redact: {
    paths: [
      ...SECRET_FIELDS,
      ...SECRET_FIELDS.map((field) => `*.${field}`),
      '*.authorization',
      '*.cookie',
      '*.headers.authorization',
      '*.headers.cookie',
      '*.headers["set-cookie"]',
    ],
    censor: '[redacted]',
  },
};

/** Whether JSON.stringify would escape a character: a quote, a backslash, a control or surrogate. */
function needsEscape(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return true;
  }
  return false;
}
const jsonString = (value: string) => (needsEscape(value) ? JSON.stringify(value) : `"${value}"`);

/**
 * `"req":{...}` as JSON.stringify writes Fastify's serialised request: absent fields are left
 * out, as JSON drops undefined; the url without its query (loggedUrl). The method is a token; the url, the host and an address a proxy
 * forwarded can hold anything, so each is checked and escaped only when it must be.
 */
function requestJson(request: FastifyRequest): string {
  const version = request.headers['accept-version'];
  const { host, ip } = request;
  const port = request.socket?.remotePort;
  return (
    `"req":{"method":"${request.method}","url":${jsonString(loggedUrl(request.url))}` +
    (version === undefined ? '' : `,"version":${JSON.stringify(version)}`) +
    (host === undefined ? '' : `,"host":${jsonString(host)}`) +
    (ip === undefined ? '' : `,"remoteAddress":${jsonString(ip)}`) +
    (port === undefined ? '' : `,"remotePort":${port}`) +
    '}'
  );
}

/**
 * The completed line as pino writes it for `log.info({ req, res, responseTime }, msg)` with
 * Fastify's serializers (same keys, same order), built directly: pino's general path (a
 * serializer call, a key loop and a stringify per field) was most of a cached explanation's
 * logging cost, on every request at the default level.
 */
function completedLine(log: LoggerParts, request: FastifyRequest, reply: FastifyReply): string {
  const traceId = tracing().traceId();
  return (
    `{"level":${INFO}${log.time()}${log.bindings},${requestJson(request)},` +
    (traceId ? `"trace_id":"${traceId}",` : '') +
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
