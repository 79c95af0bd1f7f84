import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A WebAuthn authenticator in software, for server tests: real P-256 keys, real "none"
 * attestations and real ES256 assertions, built byte by byte as WebAuthn §6.1 lays them out,
 * with a browser's client data around them. Every field a test may want wrong can be overridden.
 */

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

function uint32(n: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(n);
  return out;
}

/** The EC2 P-256 public key as a COSE_Key (RFC 9053): kty 2, alg -7 (ES256), crv 1. */
function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
    ]),
  );
}

interface StoredCredential {
  id: Buffer;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

export interface CeremonyOverrides {
  /** Reuses a credential id (base64url): another account's, say. */
  credentialId?: string;
  origin?: string;
  rpId?: string;
  challenge?: string;
  type?: string;
}

export interface AssertionOverrides extends CeremonyOverrides {
  /** The signature counter to report (default: one more than last time). */
  counter?: number;
  userHandle?: string | null;
  /** Signs with another key than the credential's. */
  wrongKey?: boolean;
}

export interface SoftwareAuthenticator {
  /** navigator.credentials.create() for the given options; the credential is kept. */
  create(
    options: { challenge: string; rp: { id?: string | undefined }; user: { id: string } },
    overrides?: CeremonyOverrides,
  ): RegistrationJson;
  /** navigator.credentials.get() with a kept credential (the newest by default). */
  get(
    options: { challenge: string; rpId?: string | undefined },
    credentialId?: string,
    overrides?: AssertionOverrides,
  ): AssertionJson;
  credentialIds(): string[];
}

export interface RegistrationJson {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string; attestationObject: string; transports: string[] };
  clientExtensionResults: Record<string, unknown>;
  authenticatorAttachment: 'platform';
}

export interface AssertionJson {
  id: string;
  rawId: string;
  type: 'public-key';
  response: {
    clientDataJSON: string;
    authenticatorData: string;
    signature: string;
    userHandle?: string;
  };
  clientExtensionResults: Record<string, unknown>;
  authenticatorAttachment: 'platform';
}

export function createSoftwareAuthenticator(origin: string): SoftwareAuthenticator {
  const credentials: StoredCredential[] = [];

  const clientData = (type: string, challenge: string, o: CeremonyOverrides) =>
    Buffer.from(
      JSON.stringify({
        type: o.type ?? type,
        challenge: o.challenge ?? challenge,
        origin: o.origin ?? origin,
        crossOrigin: false,
      }),
    );

  return {
    create(options, overrides = {}) {
      const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const id = overrides.credentialId
        ? Buffer.from(overrides.credentialId, 'base64url')
        : randomBytes(32);
      credentials.push({ id, privateKey, userHandle: options.user.id, counter: 0 });
      const rpId = overrides.rpId ?? options.rp.id ?? new URL(origin).hostname;
      const credentialIdLength = Buffer.alloc(2);
      credentialIdLength.writeUInt16BE(id.length);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([FLAG_UP | FLAG_UV | FLAG_AT]),
        uint32(0),
        Buffer.alloc(16), // AAGUID: none, as a "none" attestation may say
        credentialIdLength,
        id,
        coseKey(publicKey),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Uint8Array | Map<string, string>>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', new Uint8Array(authData)],
        ]),
      );
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, overrides)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },

    get(options, credentialId, overrides = {}) {
      const credential = credentialId
        ? credentials.find((c) => b64url(c.id) === credentialId)
        : credentials.at(-1);
      if (!credential) throw new Error('no such credential on this authenticator');
      credential.counter = overrides.counter ?? credential.counter + 1;
      const rpId = overrides.rpId ?? options.rpId ?? new URL(origin).hostname;
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([FLAG_UP | FLAG_UV]),
        uint32(credential.counter),
      ]);
      const clientDataJSON = clientData('webauthn.get', options.challenge, overrides);
      const key = overrides.wrongKey
        ? generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey
        : credential.privateKey;
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), key);
      const userHandle =
        overrides.userHandle === null ? undefined : (overrides.userHandle ?? credential.userHandle);
      return {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          ...(userHandle === undefined ? {} : { userHandle }),
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },

    credentialIds: () => credentials.map((c) => b64url(c.id)),
  };
}
