import { describe, expect, it } from 'vitest';
import { newId } from './ids.ts';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newId', () => {
  it('makes version 7 UUIDs that carry the current millisecond', () => {
    const before = Date.now();
    const id = newId();
    const ms = Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    expect(id).toMatch(UUID_V7);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(Date.now());
  });

  it('never repeats, across many refills of its random pool', () => {
    const ids = Array.from({ length: 5000 }, newId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(UUID_V7);
  });

  it('sorts ids of later milliseconds after earlier ones', async () => {
    const first = newId();
    await new Promise((resolve) => setTimeout(resolve, 3));
    expect(newId() > first).toBe(true);
  });
});
