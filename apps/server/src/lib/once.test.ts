import { describe, expect, it } from 'vitest';
import { once } from './once.ts';

describe('once', () => {
  it('makes nothing until asked, then makes it once for callers at the same moment and after', async () => {
    let made = 0;
    const client = once(async () => ({ n: ++made }));
    expect(made).toBe(0);
    const [a, b] = await Promise.all([client(), client()]);
    expect(await client()).toBe(a);
    expect(b).toBe(a);
    expect(made).toBe(1);
  });
});
