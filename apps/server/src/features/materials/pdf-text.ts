import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import {
  MATERIAL_BUSY_RETRY_SECONDS,
  MATERIAL_ERROR_CODES,
  MATERIAL_MESSAGES,
  MATERIAL_PDF_MAX_CHARS,
  MATERIAL_PDF_MAX_PAGES,
} from '@grasp/contract';
import type { Piscina } from 'piscina';
import { createBoundedSlots } from '../../lib/bounded-slots.ts';
import { AppError } from '../../lib/errors.ts';
import { once } from '../../lib/once.ts';
import type { PassageDraft } from './passages.ts';
import type { PdfOutcome, PdfRefusal, PdfTask } from './pdf-text.worker.ts';

const PDF_MAGIC = '%PDF-';

/** Whether the bytes start like a PDF (some writers put a little junk before the header). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  return head.includes(PDF_MAGIC);
}

/** A PDF's page count and its text as passages, each with its page. */
export interface PdfRead {
  pages: number;
  passages: PassageDraft[];
}

export interface PdfReaderOptions {
  /** Reads at once, each in its own worker thread. */
  threads: number;
  /** Reads waiting for a thread; past that a read is refused with 503. */
  queue: number;
  /** A read running longer is stopped: its worker is terminated. */
  deadlineMs: number;
  /** The worker's heap (V8 old generation). */
  heapMb: number;
  maxPages: number;
  maxChars: number;
  /** An idle worker exits after this, giving its memory back. */
  idleMs: number;
}

export function pdfReaderDefaults(): PdfReaderOptions {
  // One core stays with the event loop.
  const threads = Math.max(1, Math.min(4, availableParallelism() - 1));
  return {
    threads,
    queue: 4 * threads,
    deadlineMs: 20_000,
    heapMb: 64,
    maxPages: MATERIAL_PDF_MAX_PAGES,
    maxChars: MATERIAL_PDF_MAX_CHARS,
    idleMs: 30_000,
  };
}

export interface PdfReader {
  /** True when a read now would be refused: checked before an upload is received. */
  full(): boolean;
  /** Reads a PDF off the event loop; a refusal is a 422, a full queue a 503. */
  read(bytes: Uint8Array): Promise<PdfRead>;
  /** Worker threads alive now. */
  workers(): number;
  close(): Promise<void>;
}

const unprocessable = (refusal: PdfRefusal | 'tooHeavy') =>
  new AppError(422, MATERIAL_ERROR_CODES[refusal], MATERIAL_MESSAGES[refusal]);

export const materialsBusy = () =>
  new AppError(503, MATERIAL_ERROR_CODES.busy, MATERIAL_MESSAGES.busy, {
    'retry-after': String(MATERIAL_BUSY_RETRY_SECONDS),
  });

// Built, the worker is dist/pdf-text.worker.js beside main.js; from source (tsx, tests) it is the
// TypeScript file beside this one, which the worker loads through tsx.
const fromSource = import.meta.url.endsWith('.ts');
const workerFile = new URL(
  fromSource ? './pdf-text.worker.ts' : './pdf-text.worker.js',
  import.meta.url,
);

async function startPool(options: PdfReaderOptions): Promise<Piscina<PdfTask, PdfOutcome>> {
  const { Piscina } = await import('piscina');
  return new Piscina<PdfTask, PdfOutcome>({
    filename: workerFile.href,
    minThreads: 0,
    maxThreads: options.threads,
    idleTimeout: options.idleMs,
    // The slots below keep the line; the pool never queues more than a thread's worth.
    maxQueue: options.threads,
    // A small young generation: pdf.js's garbage dies young, and each MiB here is resident.
    resourceLimits: { maxOldGenerationSizeMb: options.heapMb, maxYoungGenerationSizeMb: 4 },
    ...(fromSource ? { execArgv: ['--import', 'tsx'] } : {}),
  });
}

const STARTUP_ALLOWANCE_MS = 30_000;

type RunOptions = NonNullable<Parameters<Piscina['run']>[1]>;

const outOfMemory = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';

/**
 * PDF reading in a pool of worker threads (made at the first upload): each read has a heap
 * limit, a page and a character limit, and a deadline from its own start; reads past the
 * threads wait in a bounded line.
 */
export function createPdfReader(options: PdfReaderOptions = pdfReaderDefaults()): PdfReader {
  const slots = createBoundedSlots(options.threads, options.queue);
  let made: Piscina<PdfTask, PdfOutcome> | undefined;
  const pool = once(async () => {
    made = await startPool(options);
    return made;
  });

  /**
   * Runs a read; the deadline counts from the worker's start on it (a cold worker first loads
   * pdf.js), with a generous allowance for that start.
   */
  async function run(bytes: Uint8Array): Promise<PdfOutcome> {
    // pdf.js takes the buffer it is given: a copy of its own, moved to the worker, not cloned.
    const copy = new Uint8Array(bytes);
    const { port1: started, port2 } = new MessageChannel();
    const task = {
      bytes: copy,
      started: port2,
      maxPages: options.maxPages,
      maxChars: options.maxChars,
    };
    const stop = new AbortController();
    let timer = setTimeout(() => stop.abort(), options.deadlineMs + STARTUP_ALLOWANCE_MS);
    started.once('message', () => {
      clearTimeout(timer);
      timer = setTimeout(() => stop.abort(), options.deadlineMs);
    });
    try {
      // piscina's types take Node's newer postMessage overload; it wants the plain array.
      const transferList = [copy.buffer, port2] as unknown as RunOptions['transferList'];
      return await (await pool()).run(task, { signal: stop.signal, transferList });
    } catch (error) {
      if (stop.signal.aborted || outOfMemory(error)) throw unprocessable('tooHeavy');
      throw error;
    } finally {
      clearTimeout(timer);
      started.close();
    }
  }

  return {
    full: slots.full,
    async read(bytes) {
      const release = await slots.take();
      if (!release) throw materialsBusy();
      try {
        const outcome = await run(bytes);
        if (!outcome.ok) throw unprocessable(outcome.refusal);
        return { pages: outcome.pages, passages: outcome.passages };
      } finally {
        release();
      }
    },
    workers: () => made?.threads.length ?? 0,
    async close() {
      await made?.destroy();
    },
  };
}
