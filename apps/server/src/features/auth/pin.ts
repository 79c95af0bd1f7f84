import argon2 from 'argon2';

export interface PinHashCost {
  /** KiB of memory per hash. */
  memoryCost: number;
  /** Passes over that memory. */
  timeCost: number;
}

/** OWASP's argon2id baseline (19 MiB, 2 passes): slow for a guesser, quick enough for a login. */
export const PIN_HASH_COST: PinHashCost = { memoryCost: 19_456, timeCost: 2 };

/**
 * The cost under NODE_ENV=test only: the suites sign up and in thousands of times, and at the
 * production cost the hashing alone was a fifth of the server's unit tests. A hash names its own
 * cost, so either verifies under the other.
 */
const TEST_PIN_HASH_COST: PinHashCost = { memoryCost: 1024, timeCost: 1 };

export const pinHashCostFor = (nodeEnv: string): PinHashCost =>
  nodeEnv === 'test' ? TEST_PIN_HASH_COST : PIN_HASH_COST;

/** Hashes and verifies PINs at one cost. */
export function createPins(cost: PinHashCost = PIN_HASH_COST) {
  const options = { type: argon2.argon2id, ...cost, parallelism: 1 } as const;
  let decoyHash: Promise<string> | undefined;
  return {
    hash: (pin: string): Promise<string> => argon2.hash(pin, options),

    /**
     * Verifies a PIN; without a hash (unknown user, locked account) it still spends the same
     * work on a decoy so response times reveal nothing.
     */
    async verify(hash: string | null, pin: string): Promise<boolean> {
      decoyHash ??= argon2.hash('decoy-pin', options);
      const target = hash ?? (await decoyHash);
      try {
        const ok = await argon2.verify(target, pin);
        return hash !== null && ok;
      } catch {
        return false;
      }
    },
  };
}
export type Pins = ReturnType<typeof createPins>;

const productionPins = createPins();
/** A PIN's hash at the production cost (seeding outside the server: benches, the admin command). */
export const hashPin = productionPins.hash;
