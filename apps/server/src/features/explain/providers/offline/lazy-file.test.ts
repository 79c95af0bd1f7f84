import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LazyFile, openLazyFile, type ReadCounter } from './lazy-file.ts';

let dir: string;
let file: LazyFile;
const counter: ReadCounter = { bytes: 0, reads: 0 };
const keys = Array.from({ length: 2000 }, (_, i) => `key${String(i).padStart(5, '0')}`);
const header = '  1 a licence header line\n  2 another header line\n';
const body = keys.map((k, i) => `${k} ${'x'.repeat(i % 7 === 0 ? 700 : 10)}\n`).join('');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lazy-file-'));
  await writeFile(join(dir, 'sorted.txt'), header + body, 'latin1');
  file = openLazyFile(join(dir, 'sorted.txt'), counter);
});

afterAll(async () => {
  await file.close();
  await rm(dir, { recursive: true, force: true });
});

describe('openLazyFile', () => {
  it('finds the first, last and middle keys, including lines longer than a probe', async () => {
    for (const key of [keys[0], keys[1], keys[7], keys[1000], keys[1999]]) {
      const line = await file.findLine(key ?? '');
      expect(line?.startsWith(`${key} `)).toBe(true);
    }
  });

  it('returns undefined for keys that are absent, empty or sort outside the file', async () => {
    for (const key of ['key00000x', 'aaa', 'zzz', '', '1']) {
      expect(await file.findLine(key)).toBeUndefined();
    }
  });

  it('reads only a small part of the file per search', async () => {
    const before = counter.bytes;
    await file.findLine('key01234');
    expect(counter.bytes - before).toBeLessThan((header + body).length / 20);
  });

  it('reads the line at a byte offset', async () => {
    expect(await file.readLineAt(header.length)).toBe(`${keys[0]} ${'x'.repeat(700)}`);
    expect(await file.readLineAt(10_000_000)).toBeUndefined();
  });

  it('treats a missing file as empty', async () => {
    const missing = openLazyFile(join(dir, 'absent.exc'), counter);
    expect(await missing.findLine('mice')).toBeUndefined();
    expect(await missing.readLineAt(0)).toBeUndefined();
    await missing.close();
  });
});
