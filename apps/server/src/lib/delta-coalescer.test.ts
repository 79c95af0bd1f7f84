import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesceDeltas, DELTA_FLUSH_MS } from './delta-coalescer.ts';

describe('coalesced deltas', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes the first delta at once and joins the rest per tick', () => {
    const written: string[] = [];
    const deltas = coalesceDeltas((text) => written.push(text));
    deltas.push('Gravity ');
    expect(written).toEqual(['Gravity ']);
    deltas.push('pulls ');
    deltas.push('');
    deltas.push('masses ');
    expect(written).toEqual(['Gravity ']);
    vi.advanceTimersByTime(DELTA_FLUSH_MS);
    expect(written).toEqual(['Gravity ', 'pulls masses ']);
    vi.advanceTimersByTime(DELTA_FLUSH_MS * 3);
    expect(written).toHaveLength(2);
  });

  it('shares one timer among streams and writes what waits when flushed', () => {
    const a: string[] = [];
    const b: string[] = [];
    const one = coalesceDeltas((text) => a.push(text));
    const two = coalesceDeltas((text) => b.push(text));
    for (const s of [one, two]) s.push('x');
    one.push('1');
    two.push('2');
    expect(vi.getTimerCount()).toBe(1);
    one.flush();
    expect(a).toEqual(['x', '1']);
    vi.advanceTimersByTime(DELTA_FLUSH_MS);
    expect(a).toEqual(['x', '1']);
    expect(b).toEqual(['x', '2']);
    expect(vi.getTimerCount()).toBe(0);
  });
});
