import { z } from 'zod';
import type { GatewayAnswer, GatewayHttp } from './gateway-http.ts';
import { GatewayError } from './payment-gateway.ts';

/** The OAuth answer; expires_at is in epoch seconds. */
const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().min(1).optional(),
  issued_at: z.number().optional(),
  expires_at: z.number(),
});

export interface TokenSourceOptions {
  /** The full URL of PhonePe's /v1/oauth/token. */
  url: string;
  clientId: string;
  clientSecret: string;
  clientVersion: string;
  /** The gateway's own connection pool: the token comes from the same host. */
  http: GatewayHttp;
  /** Milliseconds since the epoch; tests move it. */
  now?: () => number;
}

/** Refresh this long before expires_at, at most a fifth of the token's life. */
const REFRESH_MARGIN_MS = 60_000;

/**
 * PhonePe's client-credentials token, kept until shortly before it expires. Concurrent callers
 * share one request for a new token, so a burst of payments asks once.
 */
export function createTokenSource(options: TokenSourceOptions) {
  const now = options.now ?? Date.now;
  let current: { header: string; refreshAt: number } | null = null;
  let fetching: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    const form = new URLSearchParams({
      client_id: options.clientId,
      client_version: options.clientVersion,
      client_secret: options.clientSecret,
      grant_type: 'client_credentials',
    });
    let response: GatewayAnswer;
    try {
      response = await options.http(options.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: form.toString(),
      });
    } catch (error) {
      throw new GatewayError(`PhonePe token endpoint unreachable: ${String(error)}`);
    }
    const parsed = tokenResponseSchema.safeParse(response.body);
    if (!response.ok || !parsed.success) {
      throw new GatewayError(`PhonePe refused a token (HTTP ${response.status})`);
    }
    const { access_token, token_type, expires_at } = parsed.data;
    const issuedAt = now();
    const expiresAt = expires_at * 1000;
    const margin = Math.min(REFRESH_MARGIN_MS, Math.max(0, expiresAt - issuedAt) / 5);
    const header = `${token_type ?? 'O-Bearer'} ${access_token}`;
    current = { header, refreshAt: expiresAt - margin };
    return header;
  }

  return {
    /** The Authorization header value, e.g. `O-Bearer <token>`. */
    async authorization(): Promise<string> {
      if (current && now() < current.refreshAt) return current.header;
      fetching ??= fetchToken().finally(() => {
        fetching = null;
      });
      return fetching;
    },
    /** PhonePe refused this header (expired early, revoked): the next call fetches anew. */
    forget(header: string): void {
      if (current?.header === header) current = null;
    },
  };
}
export type TokenSource = ReturnType<typeof createTokenSource>;
