import { describe, expect, it } from 'vitest';
import { createBatchWriter } from './batch-writer.ts';

describe('batch writer', () => {
  it('writes what arrives in one turn with one call, and answers each caller after it', async () => {
    const calls: number[][] = [];
    const writer = createBatchWriter(async (items: number[]) => {
      calls.push(items);
    });
    await Promise.all([writer.write(1), writer.write(2), writer.write(3)]);
    await writer.write(4);
    expect(calls).toEqual([[1, 2, 3], [4]]);
  });

  it('splits a large turn into batches of at most maxBatch', async () => {
    const calls: number[][] = [];
    const writer = createBatchWriter(async (items: number[]) => {
      calls.push(items);
    }, 2);
    await Promise.all([1, 2, 3, 4, 5].map((n) => writer.write(n)));
    expect(calls).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('fails only the caller whose item cannot be written', async () => {
    const stored: number[] = [];
    const writer = createBatchWriter(async (items: number[]) => {
      if (items.includes(2)) throw new Error('bad row');
      stored.push(...items);
    });
    const results = await Promise.allSettled([1, 2, 3].map((n) => writer.write(n)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(stored).toEqual([1, 3]);
  });
});
