import type {
  AuthenticationResponseJSON,
  RegistrationResponseJSON,
  WebAuthnCredential,
} from '@simplewebauthn/server';
import { once } from '../../lib/once.ts';
import type { RelyingParty } from './relying-party.ts';

/** @simplewebauthn/server and its X.509 stack (~8 MB of heap) load with the first passkey. */
const library = once(() => import('@simplewebauthn/server'));
const helpers = once(() => import('@simplewebauthn/server/helpers'));

const toBytes = (base64url: string) =>
  new Uint8Array(Buffer.from(base64url, 'base64url')) as Uint8Array<ArrayBuffer>;

/**
 * The user handle an authenticator keeps with a credential: the account's id, an opaque UUID,
 * never a name or an address (WebAuthn §14.6.1).
 */
export const userHandleOf = (userId: string) => Buffer.from(userId, 'utf8').toString('base64url');

/** The challenge a response was signed over, or null when its client data cannot be read. */
export async function answeredChallenge(clientDataJSON: string): Promise<string | null> {
  try {
    return (await helpers()).decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    return null;
  }
}

/** What options name a credential by. */
export interface CredentialDescriptor {
  credentialId: string;
  transports: string[];
}

export interface Credential extends CredentialDescriptor {
  publicKey: string;
  counter: number;
}

/** Verification without user verification: "preferred" lets security keys without a PIN in. */
const REQUIRE_USER_VERIFICATION = false;

/** WebAuthn ceremonies for one relying party; `challenge` is base64url, as issued. */
export function createWebAuthn(rp: RelyingParty, log: { info(obj: object, msg: string): void }) {
  // Why a response was refused is for the operator; the caller hears only that it was.
  const refused = (ceremony: string, error: unknown) => {
    log.info(
      { ceremony, reason: error instanceof Error ? error.message : String(error) },
      'passkey refused',
    );
    return null;
  };
  return {
    async registrationOptions(input: {
      challenge: string;
      user: { id: string; username: string; fullName: string };
      exclude: CredentialDescriptor[];
      timeoutMs: number;
    }) {
      return (await library()).generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userID: toBytes(userHandleOf(input.user.id)),
        userName: input.user.username,
        userDisplayName: input.user.fullName,
        challenge: toBytes(input.challenge),
        timeout: input.timeoutMs,
        attestationType: 'none',
        excludeCredentials: input.exclude.map((c) => ({
          id: c.credentialId,
          transports: c.transports,
        })),
        // Discoverable, so signing in needs no username.
        authenticatorSelection: {
          residentKey: 'required',
          requireResidentKey: true,
          userVerification: 'preferred',
        },
      });
    },

    async authenticationOptions(input: {
      challenge: string;
      allow?: CredentialDescriptor[];
      timeoutMs: number;
    }) {
      return (await library()).generateAuthenticationOptions({
        rpID: rp.id,
        challenge: toBytes(input.challenge),
        timeout: input.timeoutMs,
        userVerification: 'preferred',
        ...(input.allow
          ? {
              allowCredentials: input.allow.map((c) => ({
                id: c.credentialId,
                transports: c.transports,
              })),
            }
          : {}),
      });
    },

    /** The new credential, or null when the response does not hold. */
    async verifyRegistration(response: RegistrationResponseJSON, challenge: string) {
      try {
        const result = await (await library()).verifyRegistrationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          requireUserVerification: REQUIRE_USER_VERIFICATION,
        });
        if (!result.verified) return refused('registration', 'not verified');
        const { credential, credentialDeviceType, credentialBackedUp } = result.registrationInfo;
        return {
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: response.response.transports ?? [],
          deviceType: credentialDeviceType,
          backedUp: credentialBackedUp,
        };
      } catch (error) {
        return refused('registration', error);
      }
    },

    /** The credential's new state, or null when the assertion does not hold. */
    async verifyAuthentication(
      response: AuthenticationResponseJSON,
      challenge: string,
      stored: Credential,
    ) {
      const credential: WebAuthnCredential = {
        id: stored.credentialId,
        publicKey: toBytes(stored.publicKey),
        counter: stored.counter,
        transports: stored.transports,
      };
      try {
        const result = await (await library()).verifyAuthenticationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          credential,
          requireUserVerification: REQUIRE_USER_VERIFICATION,
        });
        if (!result.verified) return refused('authentication', 'not verified');
        const info = result.authenticationInfo;
        return {
          counter: info.newCounter,
          deviceType: info.credentialDeviceType,
          backedUp: info.credentialBackedUp,
        };
      } catch (error) {
        return refused('authentication', error);
      }
    },
  };
}
export type WebAuthn = ReturnType<typeof createWebAuthn>;
