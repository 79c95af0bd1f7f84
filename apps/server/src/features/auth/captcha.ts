import type { CaptchaChallenge } from '@grasp/contract';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Payload } from 'altcha-lib/types';

const CHALLENGE_LIFETIME_MS = 10 * 60 * 1000;

export interface CaptchaVerifier {
  /** `cost` scales the proof of work (ALTCHA's hash rounds per attempt); Turnstile ignores it. */
  challenge(options?: { cost?: number }): Promise<CaptchaChallenge>;
  /** Checks a widget payload; single use is enforced by the caller's store. */
  verify(token: string, remoteIp?: string): Promise<boolean>;
}

function decodeAltchaPayload(token: string): Payload | null {
  try {
    const payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as Payload;
    return payload?.challenge?.parameters && payload.solution ? payload : null;
  } catch {
    return null;
  }
}

/** Self-hosted proof of work: works with no network, which is why it is the default. */
// Expiry uses the system clock, as altcha-lib checks it against the system clock.
export function createAltchaVerifier(hmacKey: string): CaptchaVerifier {
  return {
    async challenge(options) {
      const challenge = await createChallenge({
        algorithm: 'SHA-256',
        // The signed `cost` is the number of SHA-256 rounds per counter the solver tries.
        cost: Math.max(1, Math.round(options?.cost ?? 1)),
        counter: randomInt(2_000, 12_000),
        deriveKey,
        hmacSignatureSecret: hmacKey,
        expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_MS),
      });
      return { provider: 'altcha', challenge: challenge as unknown as Record<string, unknown> };
    },
    async verify(token) {
      const payload = decodeAltchaPayload(token);
      if (!payload) return false;
      try {
        const result = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret: hmacKey,
        });
        return result.verified;
      } catch {
        return false;
      }
    },
  };
}

const TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

export function createTurnstileVerifier(options: {
  siteKey: string;
  secretKey: string;
  verifyUrl?: string;
}): CaptchaVerifier {
  return {
    challenge: async () => ({ provider: 'turnstile', siteKey: options.siteKey }),
    async verify(token, remoteIp) {
      const body = new URLSearchParams({ secret: options.secretKey, response: token });
      if (remoteIp) body.set('remoteip', remoteIp);
      try {
        const response = await fetch(options.verifyUrl ?? TURNSTILE_VERIFY_URL, {
          method: 'POST',
          body,
          signal: AbortSignal.timeout(10_000),
        });
        const result = (await response.json()) as { success?: boolean };
        return result.success === true;
      } catch {
        return false;
      }
    },
  };
}
