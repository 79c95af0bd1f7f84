import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Secrets {
  jwtSecret: string;
  altchaHmacKey: string;
  /** Web Push VAPID keys (RFC 8292), base64url: the uncompressed P-256 point and its scalar. */
  vapidPublicKey: string;
  vapidPrivateKey: string;
}

interface StoredSecrets {
  JWT_SECRET?: string;
  ALTCHA_HMAC_KEY?: string;
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
}

/** A VAPID key pair as web-push and PushManager.subscribe take it. */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x ?? '', 'base64url'),
    Buffer.from(jwk.y ?? '', 'base64url'),
  ]);
  return { publicKey: point.toString('base64url'), privateKey: jwk.d ?? '' };
}

function readStored(file: string): StoredSecrets {
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets;
}

/**
 * Secrets come from the environment, else from DATA_DIR/secrets.json, generated on first start
 * so that no secret ever has a default value.
 */
export function loadSecrets(
  dataDir: string,
  given: {
    JWT_SECRET?: string | undefined;
    ALTCHA_HMAC_KEY?: string | undefined;
    VAPID_PUBLIC_KEY?: string | undefined;
    VAPID_PRIVATE_KEY?: string | undefined;
  },
): Secrets {
  const file = join(dataDir, 'secrets.json');
  const stored = readStored(file);
  const vapid =
    stored.VAPID_PUBLIC_KEY && stored.VAPID_PRIVATE_KEY
      ? { publicKey: stored.VAPID_PUBLIC_KEY, privateKey: stored.VAPID_PRIVATE_KEY }
      : generateVapidKeys();
  const next: StoredSecrets = {
    JWT_SECRET: stored.JWT_SECRET ?? randomBytes(48).toString('base64url'),
    ALTCHA_HMAC_KEY: stored.ALTCHA_HMAC_KEY ?? randomBytes(48).toString('base64url'),
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
  };
  if ((Object.keys(next) as (keyof StoredSecrets)[]).some((k) => next[k] !== stored[k])) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return {
    jwtSecret: given.JWT_SECRET ?? (next.JWT_SECRET as string),
    altchaHmacKey: given.ALTCHA_HMAC_KEY ?? (next.ALTCHA_HMAC_KEY as string),
    // Both from the environment or both generated: a public key must match its private key.
    ...(given.VAPID_PUBLIC_KEY && given.VAPID_PRIVATE_KEY
      ? { vapidPublicKey: given.VAPID_PUBLIC_KEY, vapidPrivateKey: given.VAPID_PRIVATE_KEY }
      : { vapidPublicKey: vapid.publicKey, vapidPrivateKey: vapid.privateKey }),
  };
}
