import { SESSION_LIFETIME_MS } from '@grasp/contract';
import { jwtVerify, SignJWT } from 'jose';

export interface SessionClaims {
  userId: string;
  sessionId: string;
}

/**
 * Ids the server issues are UUIDs; a claim of any other shape names no row, and one holding
 * a NUL would fail the PostgreSQL query outright, so it is no token.
 */
function isIssuedId(claim: unknown): claim is string {
  return typeof claim === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(claim);
}

/** HS256 JWTs that name a server-side session, so logout revokes them at once. */
export function createTokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    sign(claims: SessionClaims, issuedAt: Date): Promise<string> {
      const iat = Math.floor(issuedAt.getTime() / 1000);
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setIssuedAt(iat)
        .setExpirationTime(iat + SESSION_LIFETIME_MS / 1000)
        .sign(key);
    },
    async verify(token: string, now: Date): Promise<SessionClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: now,
        });
        if (!isIssuedId(payload.sub) || !isIssuedId(payload.sid)) return null;
        return { userId: payload.sub, sessionId: payload.sid };
      } catch {
        return null;
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
