import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Secrets {
  jwtSecret: string;
  altchaHmacKey: string;
}

interface StoredSecrets {
  JWT_SECRET?: string;
  ALTCHA_HMAC_KEY?: string;
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
  given: { JWT_SECRET?: string | undefined; ALTCHA_HMAC_KEY?: string | undefined },
): Secrets {
  const file = join(dataDir, 'secrets.json');
  const stored = readStored(file);
  const next: StoredSecrets = {
    JWT_SECRET: stored.JWT_SECRET ?? randomBytes(48).toString('base64url'),
    ALTCHA_HMAC_KEY: stored.ALTCHA_HMAC_KEY ?? randomBytes(48).toString('base64url'),
  };
  if (next.JWT_SECRET !== stored.JWT_SECRET || next.ALTCHA_HMAC_KEY !== stored.ALTCHA_HMAC_KEY) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return {
    jwtSecret: given.JWT_SECRET ?? (next.JWT_SECRET as string),
    altchaHmacKey: given.ALTCHA_HMAC_KEY ?? (next.ALTCHA_HMAC_KEY as string),
  };
}
