import argon2 from 'argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes): slow for a guesser, quick enough for a login.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPin = (pin: string): Promise<string> => argon2.hash(pin, OPTIONS);

let decoyHash: Promise<string> | undefined;

/**
 * Verifies a PIN; without a hash (unknown user, locked account) it still spends the same work
 * on a decoy so response times reveal nothing.
 */
export async function verifyPin(hash: string | null, pin: string): Promise<boolean> {
  decoyHash ??= argon2.hash('decoy-pin', OPTIONS);
  const target = hash ?? (await decoyHash);
  try {
    const ok = await argon2.verify(target, pin);
    return hash !== null && ok;
  } catch {
    return false;
  }
}
