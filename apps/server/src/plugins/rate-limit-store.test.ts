import { describe, expect, it } from 'vitest';
import { fallbackRateLimitStore } from './rate-limit-store.ts';

function counterOf(maxKeys: number) {
  const Store = fallbackRateLimitStore(null, 'test:', maxKeys);
  const store = new Store({});
  return (key: string, windowMs = 60_000) =>
    new Promise<number>((resolve, reject) =>
      store.incr(
        key,
        (error, count) => (error ? reject(error) : resolve(count?.current ?? 0)),
        windowMs,
        100,
      ),
    );
}

describe('the in-memory rate-limit counter', () => {
  it('counts a key within its window and starts again after it', async () => {
    const count = counterOf(10);
    expect(await count('a')).toBe(1);
    expect(await count('a')).toBe(2);
    expect(await count('b')).toBe(1);
    expect(await count('c', -1)).toBe(1);
    expect(await count('c', -1)).toBe(1);
  });

  it('forgets the least recently counted key when full', async () => {
    const count = counterOf(2);
    await count('a');
    await count('b');
    await count('a');
    await count('c');
    expect(await count('a')).toBe(3);
    expect(await count('b')).toBe(1);
  });

  it('keeps a key counted again and again as the most recent one', async () => {
    const count = counterOf(2);
    await count('a');
    await count('b');
    await count('b');
    await count('c');
    expect(await count('b')).toBe(3);
    expect(await count('a')).toBe(1);
  });
});
