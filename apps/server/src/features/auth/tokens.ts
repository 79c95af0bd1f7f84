import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import { SESSION_LIFETIME_MS } from '@grasp/contract';
import { SignJWT } from 'jose';

export interface SessionClaims {
  userId: string;
  sessionId: string;
}

interface SessionPayload {
  sub: string;
  sid: string;
  exp: number;
  nbf?: unknown;
  [claim: string]: unknown;
}

/** Signed tokens remembered at most, so a flood of distinct tokens cannot grow the memory. */
const VERIFIED_TOKENS_KEPT = 5_000;

/**
 * Ids the server issues are UUIDs; a claim of any other shape names no row, and one holding
 * a NUL would fail the PostgreSQL query outright, so it is no token.
 */
function isIssuedId(claim: unknown): claim is string {
  return typeof claim === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(claim);
}

function parseSegment(segment: string | undefined): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment ?? '', 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function hasValidSignature(key: KeyObject, token: string): boolean {
  const lastDot = token.lastIndexOf('.');
  const expected = createHmac('sha256', key).update(token.slice(0, lastDot)).digest();
  const given = Buffer.from(token.slice(lastDot + 1), 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Whether exp and nbf (optional) admit the moment, as jose's jwtVerify judges them. */
function isCurrent(payload: SessionPayload, now: Date): boolean {
  const seconds = Math.floor(now.getTime() / 1000);
  const { exp, nbf } = payload;
  if (exp <= seconds) return false;
  return nbf === undefined || (typeof nbf === 'number' && nbf <= seconds);
}

/** The payload of a well-formed token signed with the key, or null. */
function readSigned(key: KeyObject, token: string): SessionPayload | null {
  const segments = token.split('.');
  if (segments.length !== 3 || !hasValidSignature(key, token)) return null;
  const header = parseSegment(segments[0]);
  if (header?.alg !== 'HS256' || header.crit !== undefined) return null;
  const payload = parseSegment(segments[1]);
  if (!isIssuedId(payload?.sub) || !isIssuedId(payload?.sid)) return null;
  return typeof payload.exp === 'number' ? (payload as SessionPayload) : null;
}

/**
 * HS256 JWTs that name a server-side session, so logout revokes them at once. Verification runs
 * on every authenticated request; jose's WebCrypto path imported a key and crossed into async
 * work each time (a measured 12% of a cached explanation's CPU), so it is done here with a
 * synchronous HMAC, once per token.
 */
export function createTokenSigner(secret: string) {
  const signingKey = new TextEncoder().encode(secret);
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  // Payloads of tokens whose signature was checked: a pure function of the token. Whether the
  // session is live is still checked on every request (auth.service.ts).
  const verified = new Map<string, SessionPayload>();
  return {
    sign(claims: SessionClaims, issuedAt: Date): Promise<string> {
      const iat = Math.floor(issuedAt.getTime() / 1000);
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setIssuedAt(iat)
        .setExpirationTime(iat + SESSION_LIFETIME_MS / 1000)
        .sign(signingKey);
    },
    /** Signature and claims are checked once per token; expiry at every use. */
    verify(token: string, now: Date): SessionClaims | null {
      let payload = verified.get(token);
      if (!payload) {
        payload = readSigned(key, token) ?? undefined;
        if (!payload) return null;
        if (verified.size >= VERIFIED_TOKENS_KEPT) verified.clear();
        verified.set(token, payload);
      }
      if (!isCurrent(payload, now)) return null;
      return { userId: payload.sub, sessionId: payload.sid };
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
