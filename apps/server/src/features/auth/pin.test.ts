import { describe, expect, it } from 'vitest';
import { createPins, PIN_HASH_COST, pinHashCostFor } from './pin.ts';

describe('PIN hashing', () => {
  it('hashes at OWASP’s argon2id baseline everywhere but under NODE_ENV=test', async () => {
    expect(pinHashCostFor('production')).toEqual({ memoryCost: 19_456, timeCost: 2 });
    expect(pinHashCostFor('development')).toEqual(PIN_HASH_COST);
    const hash = await createPins().hash('1234');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });

  it('verifies a hash of either cost under the other, and refuses a wrong PIN', async () => {
    const production = createPins();
    const test = createPins(pinHashCostFor('test'));
    const cheap = await test.hash('4321');
    expect(cheap).toMatch(/\$m=1024,p=1,t=1\$/);
    expect(await production.verify(cheap, '4321')).toBe(true);
    expect(await test.verify(await production.hash('4321'), '4321')).toBe(true);
    expect(await production.verify(cheap, '4322')).toBe(false);
  });

  it('spends the work on a decoy without a hash, and says no', async () => {
    expect(await createPins().verify(null, '1234')).toBe(false);
    expect(await createPins().verify('not a hash', '1234')).toBe(false);
  });
});
