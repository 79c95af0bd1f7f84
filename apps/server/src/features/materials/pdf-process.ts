import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PdfOutcome, PdfTask, ReaderMessage } from './pdf-text.worker.ts';

/** How one reading process is made and bounded. */
export interface PdfProcessLimits {
  /** V8's old generation in the process. */
  heapMb: number;
  /**
   * What a read may add to the process's resident memory (heap, decoded streams, pdf.js's typed
   * arrays) over what it held when the read began: past it, the process is killed.
   */
  memoryMb: number;
}

/** How a read in a process ended when it gave no outcome of its own. */
export type PdfStop = 'memory' | 'deadline' | 'died';

// Built, the reader is dist/pdf-text.worker.js beside main.js; from source (tsx, tests) it is the
// TypeScript file beside this one, which the process loads through tsx.
const fromSource = import.meta.url.endsWith('.ts');
const readerFile = new URL(
  fromSource ? './pdf-text.worker.ts' : './pdf-text.worker.js',
  import.meta.url,
);
const WATCH_EVERY_MS = 20;

/** The process's resident memory in MiB (Linux); null where /proc is not there. */
function residentMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb === undefined ? null : Number(kb) / 1024;
  } catch {
    return null;
  }
}

function spawnReader(limits: PdfProcessLimits): ChildProcess {
  const args = [
    ...(fromSource ? ['--import', 'tsx'] : []),
    `--max-old-space-size=${limits.heapMb}`,
    '--max-semi-space-size=2',
    // As the server runs: no garbage-collector threads fighting it for the same cores.
    '--single-threaded-gc',
    // The reader collects after each read, so what it decoded goes back before the next.
    '--expose-gc',
    fileURLToPath(readerFile),
  ];
  // No kernel cap (ulimit -d) besides the watchdog: V8's own reservations count against it, and
  // Node 24 would not start under one that Node 20 ran well within.
  return spawn(process.execPath, args, {
    // The server's own NODE_OPTIONS (a 512 MB heap) are not the reader's.
    env: { ...process.env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    serialization: 'advanced',
  });
}

/**
 * One reading process: pdf.js in a node of its own, so that all it holds (not only the heap a
 * worker thread's limit covers) is bounded and goes back to the system when it ends. A watchdog
 * looks at its resident memory every 20 ms while it reads and kills it past the limit (a decoded
 * stream grows by doubling its buffer, so one look can miss at most one copy of it).
 */
export function startPdfProcess(limits: PdfProcessLimits) {
  const child = spawnReader(limits);
  let alive = true;
  // Resident memory once pdf.js is loaded, and at the start of the read under way.
  let startMb = 0;
  let readFromMb = 0;
  // Told when the process ends: exited, or never started ('error' may come without 'exit').
  const onEnd = new Set<() => void>();
  const ended = new Promise<void>((resolve) => {
    const end = () => {
      if (!alive) return;
      alive = false;
      for (const listener of onEnd) listener();
      resolve();
    };
    child.once('exit', end);
    child.once('error', end);
  });
  // The channel must not keep the server's event loop alive.
  child.unref();
  child.channel?.unref();

  /** Resolves once pdf.js is loaded; false when the process ended or did not start in time. */
  function ready(withinMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(false), withinMs);
      const onMessage = (message: ReaderMessage) => {
        if (message.kind !== 'ready') return;
        startMb = (child.pid === undefined ? null : residentMb(child.pid)) ?? 0;
        done(true);
      };
      const onGone = () => done(false);
      function done(ok: boolean) {
        clearTimeout(timer);
        child.off('message', onMessage);
        onEnd.delete(onGone);
        resolve(ok);
      }
      child.on('message', onMessage);
      onEnd.add(onGone);
      if (!alive) done(false);
    });
  }

  const nowMb = () => (child.pid === undefined ? null : residentMb(child.pid));

  /** What the process holds beyond its start (0 where it cannot be seen). */
  function grownMb(): number {
    const mb = nowMb();
    return mb === null ? 0 : mb - startMb;
  }

  function kill(): Promise<void> {
    if (alive) child.kill('SIGKILL');
    return ended;
  }

  /** Reads one PDF; the process is killed (and stays dead) when the read overruns. */
  function read(task: PdfTask, deadlineMs: number): Promise<PdfOutcome | PdfStop> {
    return new Promise((resolve) => {
      let stop: PdfStop = 'died';
      const deadline = setTimeout(() => {
        stop = 'deadline';
        void kill();
      }, deadlineMs);
      readFromMb = nowMb() ?? 0;
      const watch = setInterval(() => {
        const mb = nowMb();
        if (mb !== null && mb - readFromMb > limits.memoryMb) {
          stop = 'memory';
          void kill();
        }
      }, WATCH_EVERY_MS);
      const onMessage = (message: ReaderMessage) => {
        if (message.kind === 'outcome') done(message.outcome);
      };
      // Removed once answered: a process kept for later reads holds nothing of this one.
      const onGone = () => done(stop);
      function done(answer: PdfOutcome | PdfStop) {
        clearTimeout(deadline);
        clearInterval(watch);
        child.off('message', onMessage);
        onEnd.delete(onGone);
        resolve(answer);
      }
      child.on('message', onMessage);
      onEnd.add(onGone);
      if (!alive) return done('died');
      child.send(task, (error) => {
        if (error) void kill();
      });
    });
  }

  return { ready, read, kill, grownMb, alive: () => alive };
}
export type PdfProcess = ReturnType<typeof startPdfProcess>;
