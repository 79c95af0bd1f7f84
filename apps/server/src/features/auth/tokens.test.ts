import { SESSION_LIFETIME_MS } from '@grasp/contract';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenSigner } from './tokens.ts';

const secret = 'a-test-secret-that-is-long-enough-0000';
const claims = { userId: 'user-1', sessionId: 'session-1' };
const issuedAt = new Date('2026-01-01T00:00:00Z');
const later = (ms: number) => new Date(issuedAt.getTime() + ms);

function segment(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describe('session tokens', () => {
  const signer = createTokenSigner(secret);

  it('verifies its own tokens until they expire', async () => {
    const token = await signer.sign(claims, issuedAt);
    expect(signer.verify(token, later(1000))).toEqual(claims);
    expect(signer.verify(token, later(SESSION_LIFETIME_MS - 1000))).toEqual(claims);
    expect(signer.verify(token, later(SESSION_LIFETIME_MS))).toBeNull();
  });

  it('refuses a token signed with another secret', async () => {
    const other = createTokenSigner('another-secret-that-is-long-enough-000');
    expect(signer.verify(await other.sign(claims, issuedAt), later(1000))).toBeNull();
  });

  it('refuses a token whose claims were changed after signing', async () => {
    const [header, , signature] = (await signer.sign(claims, issuedAt)).split('.');
    const exp = issuedAt.getTime() / 1000 + 3600;
    const forged = segment({ sub: 'user-2', sid: 'session-1', exp });
    expect(signer.verify(`${header}.${forged}.${signature}`, later(1000))).toBeNull();
  });

  it('refuses unsigned, malformed and other-algorithm tokens', async () => {
    const [, payload] = (await signer.sign(claims, issuedAt)).split('.');
    const none = `${segment({ alg: 'none' })}.${payload}.`;
    const hs512 = await new SignJWT({ sid: 'session-1' })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('user-1')
      .setExpirationTime(issuedAt.getTime() / 1000 + 3600)
      .sign(new TextEncoder().encode(secret));
    for (const token of [none, hs512, 'not-a-token', 'a.b.c', '']) {
      expect(signer.verify(token, later(1000))).toBeNull();
    }
  });

  it('refuses a token without expiry, or not yet valid', async () => {
    const key = new TextEncoder().encode(secret);
    const base = () => new SignJWT({ sid: 'session-1' }).setProtectedHeader({ alg: 'HS256' });
    const noExp = await base().setSubject('user-1').sign(key);
    const notYet = await base()
      .setSubject('user-1')
      .setNotBefore(issuedAt.getTime() / 1000 + 600)
      .setExpirationTime(issuedAt.getTime() / 1000 + 3600)
      .sign(key);
    expect(signer.verify(noExp, later(1000))).toBeNull();
    expect(signer.verify(notYet, later(1000))).toBeNull();
    expect(signer.verify(notYet, later(601_000))).toEqual(claims);
  });

  it('refuses a token that names no session', async () => {
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('user-1')
      .setExpirationTime(issuedAt.getTime() / 1000 + 3600)
      .sign(new TextEncoder().encode(secret));
    expect(signer.verify(token, later(1000))).toBeNull();
  });
});

describe('remembered session tokens', () => {
  it('still refuses a remembered token once it expires', async () => {
    const signer = createTokenSigner(secret);
    const token = await signer.sign(claims, issuedAt);
    expect(signer.verify(token, later(1000))).toEqual(claims);
    expect(signer.verify(token, later(SESSION_LIFETIME_MS + 1000))).toBeNull();
  });

  it('does not remember a refused token as valid', async () => {
    const signer = createTokenSigner(secret);
    const token = await signer.sign(claims, issuedAt);
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(signer.verify(tampered, later(1000))).toBeNull();
    expect(signer.verify(tampered, later(2000))).toBeNull();
  });
});
