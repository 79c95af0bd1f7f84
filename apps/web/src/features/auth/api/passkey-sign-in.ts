import {
  type LoginResponse,
  loginResponseSchema,
  type PasskeyChallenge,
  passkeyChallengeSchema,
} from '@grasp/contract';
import { apiParsed } from '../../../lib/api-client.ts';

/** POST /api/auth/passkey/options: a challenge any passkey of this site may answer. */
export function fetchPasskeyChallenge(): Promise<PasskeyChallenge> {
  return apiParsed(passkeyChallengeSchema, '/api/auth/passkey/options', { body: {} });
}

/** POST /api/auth/passkey: the PIN login's answer for a passkey's assertion. */
export function signInWithPasskey(challengeId: string, response: unknown): Promise<LoginResponse> {
  // A refused passkey answers 401; that is a message for the form, not a reason to sign out.
  return apiParsed(loginResponseSchema, '/api/auth/passkey', {
    body: { challengeId, response },
    skipUnauthorizedHandler: true,
  });
}
