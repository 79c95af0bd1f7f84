import { describe, expect, it } from 'vitest';
import { createRowCache } from './row-cache.ts';

function setup(withWatch = true) {
  const state = { generation: 0, now: 0, loads: 0, value: 'a' as string | undefined };
  const cache = createRowCache<string>({
    watch: withWatch ? { generation: () => state.generation } : undefined,
    ttlMs: 1000,
    max: 2,
    now: () => state.now,
  });
  const read = (key = 'k') =>
    cache.read(key, async () => {
      state.loads++;
      return state.value;
    });
  return { state, cache, read };
}

describe('row cache', () => {
  it('keeps a row until the watch reports a change', async () => {
    const { state, read } = setup();
    expect(await read()).toBe('a');
    expect(await read()).toBe('a');
    expect(state.loads).toBe(1);
    state.generation++;
    state.value = 'b';
    expect(await read()).toBe('b');
    expect(state.loads).toBe(2);
  });

  it('answers a kept row as it is, without a promise', async () => {
    const { read } = setup();
    expect(read()).toBeInstanceOf(Promise);
    await read();
    expect(read()).toBe('a');
  });

  it('does not keep a row read while something changed', async () => {
    const { state, cache } = setup();
    await cache.read('k', async () => {
      state.generation++;
      return 'old';
    });
    expect(await cache.read('k', async () => 'new')).toBe('new');
  });

  it('reads again once a row is older than its time to live', async () => {
    const { state, read } = setup();
    await read();
    state.now = 999;
    await read();
    expect(state.loads).toBe(1);
    state.now = 1000;
    await read();
    expect(state.loads).toBe(2);
  });

  it('keeps nothing without a watch, nor a row that was not found', async () => {
    const unwatched = setup(false);
    await unwatched.read();
    await unwatched.read();
    expect(unwatched.state.loads).toBe(2);
    const missing = setup();
    missing.state.value = undefined;
    await missing.read();
    await missing.read();
    expect(missing.state.loads).toBe(2);
  });

  it('stays within its size', async () => {
    const { state, read } = setup();
    await read('a');
    await read('b');
    await read('c');
    await read('b');
    expect(state.loads).toBe(4);
  });
});
