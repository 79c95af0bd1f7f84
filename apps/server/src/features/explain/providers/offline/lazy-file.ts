import { type FileHandle, open } from 'node:fs/promises';
import { createLru } from './lru.ts';

/** Shared by every file of one WordNet instance so tests and the bench can see what was read. */
export interface ReadCounter {
  bytes: number;
  reads: number;
}

/** Byte-addressed access to one large text file without ever loading it whole. */
export interface LazyFile {
  /** The line starting at a byte offset (WordNet synset offsets point at line starts). */
  readLineAt(offset: number): Promise<string | undefined>;
  /** Binary search of a file sorted by its first space-separated token. */
  findLine(key: string): Promise<string | undefined>;
  close(): Promise<void>;
}

interface Opened {
  handle: FileHandle;
  size: number;
}

interface Probe {
  start: number;
  line: string;
}

const PROBE_BYTES = 256;
const LINE_BYTES = 512;
const MAX_LINE_BYTES = 1 << 20;

export function openLazyFile(path: string, counter: ReadCounter): LazyFile {
  let opened: Promise<Opened | undefined> | undefined;
  // The first levels of every binary search probe the same positions: remember them.
  const probes = createLru<number, Probe | null>(512);

  function file(): Promise<Opened | undefined> {
    opened ??= open(path, 'r').then(
      async (handle) => ({ handle, size: (await handle.stat()).size }),
      // Optional files (the *.exc exception lists) may be absent: treat them as empty.
      () => undefined,
    );
    return opened;
  }

  async function readChunk(f: Opened, position: number, length: number): Promise<Buffer> {
    const buffer = Buffer.alloc(Math.max(0, Math.min(length, f.size - position)));
    if (buffer.length === 0) return buffer;
    const { bytesRead } = await f.handle.read(buffer, 0, buffer.length, position);
    counter.bytes += bytesRead;
    counter.reads += 1;
    return buffer.subarray(0, bytesRead);
  }

  async function lineAt(f: Opened, offset: number): Promise<string | undefined> {
    if (offset < 0 || offset >= f.size) return undefined;
    for (let length = LINE_BYTES; length <= MAX_LINE_BYTES; length *= 2) {
      const chunk = await readChunk(f, offset, length);
      const end = chunk.indexOf(10);
      if (end >= 0) return chunk.toString('latin1', 0, end);
      if (offset + chunk.length >= f.size) return chunk.toString('latin1');
    }
    return undefined;
  }

  /** The first line starting at or after `position`, or null past the end. */
  async function probe(f: Opened, position: number): Promise<Probe | null> {
    const cached = probes.get(position);
    if (cached !== undefined) return cached;
    let start = position > 0 ? f.size : 0;
    // Scan from the byte before `position` for a newline; a line starting exactly there counts.
    for (let scan = position - 1; position > 0 && scan < f.size; ) {
      const chunk = await readChunk(f, scan, PROBE_BYTES);
      const newline = chunk.indexOf(10);
      if (newline < 0) {
        scan += Math.max(chunk.length, 1);
        continue;
      }
      start = scan + newline + 1;
      const end = chunk.indexOf(10, newline + 1);
      if (end >= 0) {
        return remember(position, { start, line: chunk.toString('latin1', newline + 1, end) });
      }
      break;
    }
    const line = await lineAt(f, start);
    return remember(position, line === undefined ? null : { start, line });
  }

  function remember(position: number, result: Probe | null): Probe | null {
    probes.set(position, result);
    return result;
  }

  async function findLine(key: string): Promise<string | undefined> {
    const f = await file();
    if (!f || key.length === 0) return undefined;
    // Invariant: the wanted line, if any, starts in [lo, hi). Header lines start with spaces,
    // so their key is "" and sorts before every lemma.
    let lo = 0;
    let hi = f.size;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      const found = await probe(f, mid);
      if (!found || found.start >= hi) {
        hi = mid;
        continue;
      }
      const space = found.line.indexOf(' ');
      const lineKey = space >= 0 ? found.line.slice(0, space) : found.line;
      if (lineKey === key) return found.line;
      if (lineKey < key) lo = found.start + found.line.length + 1;
      else hi = mid;
    }
    return undefined;
  }

  return {
    async readLineAt(offset) {
      const f = await file();
      return f ? lineAt(f, offset) : undefined;
    },
    findLine,
    async close() {
      const f = await opened;
      opened = undefined;
      await f?.handle.close();
    },
  };
}
