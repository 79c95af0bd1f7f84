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

/** Room for a busy turn's lines; a line longer than this goes out alone. */
const TURN_BYTES = 64 * 1024;

/**
 * The log's output: the lines of one turn of the event loop go out in one write. At the default
 * level every request logs a line, and a write call for each (to a pipe, in a container) cost more
 * than building the line. Each line is encoded straight into one reused buffer, not joined into a
 * string first. A line waits one turn at most; a full buffer goes out at once; what is left when
 * the process exits is written then. A reader that has gone (EPIPE) ends the logging, as with
 * pino's own output. `write` must be done with the bytes when it returns: the buffer is reused.
 */
export function turnOutput(fd = 1, write: (fd: number, bytes: Buffer) => void = writeAll) {
  const buffer = Buffer.allocUnsafe(TURN_BYTES);
  let used = 0;
  let closed = false;
  function send(bytes: Buffer): void {
    try {
      write(fd, bytes);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EPIPE') throw error;
      closed = true;
    }
  }
  function flush(): void {
    if (used === 0 || closed) return;
    const bytes = buffer.subarray(0, used);
    used = 0;
    send(bytes);
  }
  return {
    write(line: string): void {
      if (closed) return;
      // A UTF-16 code unit takes at most 3 bytes of UTF-8: only a line that might not fit is measured.
      if (used + line.length * 3 > buffer.length) {
        const size = Buffer.byteLength(line);
        if (used + size > buffer.length) flush();
        if (size > buffer.length) {
          send(Buffer.from(line));
          return;
        }
      }
      if (used === 0) setImmediate(flush);
      used += buffer.write(line, used);
    },
    /** Writes what is waiting now (at exit). */
    flush,
  };
}
