import { lookup } from 'node:dns';
import {
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress, parseHostRules, urlMatches } from './outbound-hosts.ts';

/**
 * Every request the server makes to an address others choose (a learner's push endpoint, the
 * configured Wikipedia) goes through here (STYLE.md rule 14, DESIGN.md §16): only to allowed
 * hosts; never to a loopback, private, link-local or metadata address unless the operator named
 * the host (checked on the address actually connected to, so DNS cannot change it after the
 * check); within one deadline for the whole call; and reading the answer only up to a cap.
 */

/** The request was refused before it left: a host not allowed or a private address. */
export class OutboundRefused extends Error {
  override name = 'OutboundRefused';
}

export interface OutboundOptions {
  /** `host`, `host:port` or `*.example.org` rules a request may go to; others are refused. */
  allowedHosts: readonly string[];
  /** The hosts the operator named: these may be on loopback or private addresses. */
  namedHosts: readonly string[];
  /** The schemes a request may use. */
  protocols: readonly ('https:' | 'http:')[];
  /** Certificates trusted instead of the system's (tests' and benches' local fake services). */
  ca?: string;
}

export interface OutboundCall {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** The whole call, connecting and reading included. */
  deadlineMs: number;
  /**
   * Bytes of the answer read, or a function of its status; the rest is never received (the
   * connection is closed). 0 reads nothing: the status was all that mattered.
   */
  maxBytes: number | ((status: number) => number);
  /** Redirects followed (GET only), each one checked like the first request. Default 0. */
  maxRedirects?: number;
  signal?: AbortSignal;
}

export interface OutboundAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** False when the answer may be longer than `maxBytes`: `body` holds what was read. */
  complete: boolean;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** DNS, then refusal when any address the name resolves to is not a public one. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    const first = addresses[0];
    if (refused || !first) {
      const reason = refused ? `${refused.address}, not a public address` : 'no address';
      return callback(new OutboundRefused(`${hostname} resolves to ${reason}`), '', 0);
    }
    if (options.all) return (callback as (e: null, a: typeof addresses) => void)(null, addresses);
    callback(null, first.address, first.family);
  });
};

/** Closes an answer: the rest is never received, and its abort is nobody's error. */
function discard(response: IncomingMessage): void {
  response.on('error', () => undefined);
  // An answer already whole leaves its connection to be used again.
  if (response.complete) response.resume();
  else response.destroy();
}

/** Reads an answer up to `maxBytes`, then closes it so the rest is never received. */
async function readCapped(response: IncomingMessage, maxBytes: number) {
  if (maxBytes <= 0) {
    discard(response);
    return { body: Buffer.alloc(0), complete: response.complete };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let complete = true;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    if (size + chunk.length > maxBytes) {
      chunks.push(chunk.subarray(0, maxBytes - size));
      size = maxBytes;
      complete = false;
      break;
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  discard(response);
  return { body: Buffer.concat(chunks, size), complete };
}

/** Strips an IPv6 literal's brackets: `[::1]` → `::1`. */
const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

export function createOutbound(options: OutboundOptions) {
  const allowed = parseHostRules(options.allowedHosts);
  const named = parseHostRules(options.namedHosts);
  // node:http is loaded by the server already: a first call waits for no module.
  const agents = {
    'http:': new HttpAgent({ keepAlive: true }),
    'https:': new HttpsAgent({ keepAlive: true }),
  };

  function check(url: URL): void {
    if (!(options.protocols as readonly string[]).includes(url.protocol)) {
      throw new OutboundRefused(`${url.protocol} is not allowed here`);
    }
    if (!urlMatches(allowed, url)) throw new OutboundRefused(`${url.host} is not allowed here`);
  }

  /**
   * Sends one request and answers its response (headers read, body not yet). A named host is
   * connected to as it resolves; any other host only on public addresses, judged on the address
   * connected to (a literal one here, a name in the lookup the socket connects with).
   */
  function send(url: URL, call: OutboundCall, signal: AbortSignal): Promise<IncomingMessage> {
    const trusted = urlMatches(named, url);
    const address = bare(url.hostname);
    if (!trusted && isIP(address) && !isPublicAddress(address)) {
      return Promise.reject(new OutboundRefused(`${address} is not a public address`));
    }
    const https = url.protocol === 'https:';
    return new Promise((resolve, reject) => {
      const req = (https ? httpsRequest : httpRequest)(
        url,
        {
          method: call.method ?? 'GET',
          headers: call.headers ?? {},
          agent: agents[https ? 'https:' : 'http:'],
          signal,
          ...(trusted ? {} : { lookup: publicOnlyLookup }),
          ...(https && options.ca ? { ca: options.ca } : {}),
        },
        resolve,
      );
      req.on('error', reject);
      req.end(call.body);
    });
  }

  /** One call: refused (OutboundRefused), failed (network, deadline) or answered. */
  async function request(address: string, call: OutboundCall): Promise<OutboundAnswer> {
    // A timer of our own, not AbortSignal.timeout(): inside AbortSignal.any() Node may collect
    // that signal before it fires (nodejs/node#57736), and a push service that never answered
    // then held the reminders job for good.
    const deadline = new AbortController();
    const timer = setTimeout(
      () =>
        deadline.abort(new DOMException('The call took longer than its deadline', 'TimeoutError')),
      call.deadlineMs,
    );
    const signal = call.signal ? AbortSignal.any([deadline.signal, call.signal]) : deadline.signal;
    try {
      return await answerOf(new URL(address), call, signal);
    } finally {
      clearTimeout(timer);
    }
  }

  async function answerOf(first: URL, call: OutboundCall, signal: AbortSignal) {
    let url = first;
    for (let redirects = 0; ; redirects++) {
      check(url);
      const response = await send(url, call, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (
        REDIRECTS.has(status) &&
        location &&
        (call.method ?? 'GET') === 'GET' &&
        redirects < (call.maxRedirects ?? 0)
      ) {
        discard(response);
        url = new URL(location, url);
        continue;
      }
      const cap = typeof call.maxBytes === 'number' ? call.maxBytes : call.maxBytes(status);
      const read = await readCapped(response, cap);
      return { status, headers: response.headers, ...read };
    }
  }

  return {
    request,
    /** True when a URL passes the scheme and host rules (what a request would be refused for). */
    allows(address: string): boolean {
      try {
        check(new URL(address));
        return true;
      } catch {
        return false;
      }
    },
  };
}
export type Outbound = ReturnType<typeof createOutbound>;
