import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** Pages the committing connection lets the WAL reach before it checkpoints itself. */
export const BACKSTOP_CHECKPOINT_PAGES = 10_000;
const CHECKPOINT_EVERY_MS = 1000;

// The worker's own connection checkpoints PASSIVE: it never waits for, nor blocks, the server's.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.path);
db.pragma('busy_timeout = 5000');
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // The next round, or the server's own backstop checkpoint, catches up.
  }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Copies the WAL back into the database file from a worker thread. SQLite does it on the
 * connection that commits, every 1000 pages, with two fsyncs; under load that blocked the event
 * loop for up to 90 ms at a time and took a third of the time spent storing messages.
 */
export function startWalCheckpointer(path: string): { stop(): Promise<void> } {
  const worker = new Worker(workerSource, {
    eval: true,
    workerData: {
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      path,
      everyMs: CHECKPOINT_EVERY_MS,
    },
    // It holds a connection and a timer: a young generation of 1 MiB instead of V8's default
    // takes ~0.8 MB off the server's RSS, and a runaway worker stops at 16 MiB.
    resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16, stackSizeMb: 1 },
  });
  // Without it the server still checkpoints, at the backstop.
  worker.on('error', () => undefined);
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    stop: () => {
      worker.postMessage('stop');
      return exited;
    },
  };
}
