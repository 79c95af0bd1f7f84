import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { setImmediate as nextTick } from 'node:timers/promises';

/** What the fake does with the next requests, until told otherwise. */
export type FakeBehaviour =
  /**
   * Answer normally: the JSON endpoint returns the chunks joined, the stream sends each one;
   * `splitCharacters` sends each stream frame in two writes cut inside a multi-byte character.
   */
  | { kind: 'reply'; chunks: string[]; splitCharacters?: boolean }
  /** Answer as `reply` does, with what `answer` makes of the request's body. */
  | {
      kind: 'reply-to';
      /** The reply to this request, or another behaviour for it (an outage for one concept). */
      answer: (body: unknown) => { chunks: string[]; splitCharacters?: boolean } | FakeBehaviour;
    }
  /** Answer with this HTTP status and the vendor's own error body. */
  | { kind: 'error'; status: number; message?: string }
  /** Accept the request and never answer (for timeouts). */
  | { kind: 'hang' }
  /** Stream these chunks, then hold the connection open without finishing. */
  | { kind: 'hang-mid-stream'; chunks: string[] }
  /** A body that is not JSON; in a stream, a broken event after the chunks. */
  | { kind: 'invalid-json'; chunks: string[] }
  /** The connection ends early: half a JSON body, or a stream without its final events. */
  | { kind: 'truncated'; chunks: string[] }
  /** The stream starts, then the vendor reports an error inside it (JSON endpoint: a 500). */
  | { kind: 'stream-error'; chunks: string[]; message: string };

/** How a stream ends, for the vendor's wire format to render. */
export type StreamEnding = 'complete' | 'truncated' | 'invalid-json' | { error: string };

export interface RecordedRequest {
  method: string;
  /** Path and query, as received. */
  url: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON, or the raw text when it was not JSON. */
  body: unknown;
}

export interface VendorCall {
  stream: boolean;
  model: string;
}

/** One vendor's HTTP API: routes, auth, bodies and stream framing, exactly as the SDK reads them. */
export interface VendorWire {
  /** Appended to the server's origin to form what the SDK's `baseURL` option expects. */
  basePath: string;
  /** Which call a request is, or undefined for a path the vendor does not serve. */
  route(method: string, url: URL, body: unknown): VendorCall | undefined;
  /** The vendor's refusal of a request: missing or wrong key, missing required fields. */
  reject(
    headers: IncomingHttpHeaders,
    url: URL,
    body: unknown,
  ): { status: number; body: unknown } | undefined;
  errorBody(status: number, message: string | undefined): unknown;
  jsonReply(text: string, call: VendorCall): unknown;
  streamContentType: string;
  streamFrames(chunks: string[], ending: StreamEnding, call: VendorCall): string[];
}

export interface FakeVendor {
  /** What to put in the vendor's *_BASE_URL variable. */
  readonly baseURL: string;
  readonly requests: readonly RecordedRequest[];
  behave(behaviour: FakeBehaviour): void;
  /** Forgets recorded requests and goes back to replying "ok". */
  reset(): void;
  close(): Promise<void>;
}

/**
 * Starts a loopback HTTP server speaking `wire`; port 0 (the default) so parallel test files
 * never clash, a fixed one where another process must find it (the e2e server).
 */
export async function startFakeVendor(wire: VendorWire, port = 0): Promise<FakeVendor> {
  const initial: FakeBehaviour = { kind: 'reply', chunks: ['ok'] };
  let behaviour: FakeBehaviour = initial;
  const requests: RecordedRequest[] = [];

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => res.destroy());
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = parseJson(await readBody(req));
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://fake.local');
    requests.push({ method, url: req.url ?? '/', headers: req.headers, body });

    const call = wire.route(method, url, body);
    const denied =
      call === undefined
        ? { status: 404, body: wire.errorBody(404, 'Not found') }
        : wire.reject(req.headers, url, body);
    const now: FakeBehaviour =
      behaviour.kind === 'reply-to' ? asBehaviour(behaviour.answer(body)) : behaviour;
    if (denied !== undefined) sendJson(res, denied.status, denied.body);
    else if (call !== undefined) await respond(res, call, now);
  }

  function asBehaviour(
    answer: { chunks: string[]; splitCharacters?: boolean } | FakeBehaviour,
  ): FakeBehaviour {
    return 'kind' in answer ? answer : { kind: 'reply', ...answer };
  }

  async function respond(res: ServerResponse, call: VendorCall, b: FakeBehaviour): Promise<void> {
    switch (b.kind) {
      case 'error':
        sendJson(res, b.status, wire.errorBody(b.status, b.message));
        break;
      case 'hang':
        break; // the response stays open until the client gives up
      case 'reply-to':
        break; // turned into a reply by handle()
      case 'stream-error':
        if (call.stream) await sendStream(res, call, b.chunks, { error: b.message });
        else sendJson(res, 500, wire.errorBody(500, b.message));
        break;
      case 'hang-mid-stream':
        if (call.stream) await sendStream(res, call, b.chunks, 'truncated', { keepOpen: true });
        break;
      default: {
        const ending = b.kind === 'reply' ? 'complete' : b.kind;
        const splitCharacters = b.kind === 'reply' && b.splitCharacters === true;
        if (call.stream) await sendStream(res, call, b.chunks, ending, { splitCharacters });
        else sendJsonReply(res, JSON.stringify(wire.jsonReply(b.chunks.join(''), call)), ending);
      }
    }
  }

  async function sendStream(
    res: ServerResponse,
    call: VendorCall,
    chunks: string[],
    ending: StreamEnding,
    { keepOpen = false, splitCharacters = false } = {},
  ): Promise<void> {
    res.writeHead(200, { 'content-type': wire.streamContentType, 'cache-control': 'no-cache' });
    for (const frame of wire.streamFrames(chunks, ending, call)) {
      for (const part of splitCharacters ? splitInsideCharacter(frame) : [frame]) {
        res.write(part);
        await nextTick(); // separate writes, so the SDK parses the stream incrementally
      }
    }
    if (!keepOpen) res.end();
  }

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('fake vendor has no port');

  return {
    baseURL: `http://127.0.0.1:${address.port}${wire.basePath}`,
    requests,
    behave: (next) => {
      behaviour = next;
    },
    reset: () => {
      behaviour = initial;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections(); // hung requests would otherwise keep the server alive
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The frame's bytes in two parts, the first multi-byte character cut between them. */
export function splitInsideCharacter(frame: string): Buffer[] {
  const bytes = Buffer.from(frame, 'utf8');
  // The first continuation byte (10xxxxxx) is the second byte of a multi-byte character.
  const cut = bytes.findIndex((byte) => (byte & 0xc0) === 0x80);
  return cut <= 0 ? [bytes] : [bytes.subarray(0, cut), bytes.subarray(cut)];
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** A 200 JSON body, whole or damaged the way `ending` says. */
function sendJsonReply(res: ServerResponse, json: string, ending: StreamEnding): void {
  const text =
    ending === 'truncated'
      ? json.slice(0, Math.floor(json.length / 2))
      : ending === 'invalid-json'
        ? `${json.slice(0, -1)},}`
        : json;
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(text);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** One Server-Sent Events frame; `event:` lines are used by OpenAI and Anthropic, not Gemini. */
export function sseFrame(data: unknown, event?: string): string {
  const payload = typeof data === 'string' ? data : JSON.stringify(data);
  return `${event === undefined ? '' : `event: ${event}\n`}data: ${payload}\n\n`;
}

/** The part of a JSON request body the fakes echo back. */
export function stringField(body: unknown, key: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : undefined;
}
