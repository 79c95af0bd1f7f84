import { writeSync } from 'node:fs';

const pause = new Int32Array(new SharedArrayBuffer(4));

/** Writes all of `bytes` to a file descriptor, waiting out a full pipe as pino's writer does. */
function writeAll(fd: number, bytes: Buffer): void {
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(fd, bytes, offset);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}

/**
 * The log's output: the lines of one turn of the event loop go out in one write. At the default
 * level every request logs a line, and a write call for each (to a pipe, in a container) cost more
 * than building the line. A line waits one turn at most; what is left when the process exits is
 * written then. A reader that has gone (EPIPE) ends the logging, as with pino's own output.
 */
export function turnOutput(fd = 1, write: (fd: number, bytes: Buffer) => void = writeAll) {
  let lines: string[] = [];
  let closed = false;
  function flush(): void {
    if (lines.length === 0 || closed) return;
    const text = lines.join('');
    lines = [];
    try {
      write(fd, Buffer.from(text));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EPIPE') throw error;
      closed = true;
    }
  }
  return {
    write(line: string): void {
      if (lines.length === 0) setImmediate(flush);
      lines.push(line);
    },
    /** Writes what is waiting now (at exit). */
    flush,
  };
}
