import { availableParallelism } from 'node:os';
import {
  MATERIAL_BUSY_RETRY_SECONDS,
  MATERIAL_ERROR_CODES,
  MATERIAL_MESSAGES,
  MATERIAL_PDF_MAX_CHARS,
  MATERIAL_PDF_MAX_PAGES,
  MATERIAL_UPLOADING_RETRY_SECONDS,
} from '@grasp/contract';
import { AppError } from '../../lib/errors.ts';
import type { PassageDraft } from './passages.ts';
import { type PdfProcess, startPdfProcess } from './pdf-process.ts';
import type { PdfRefusal } from './pdf-text.worker.ts';

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
  /** Reads at once, each in its own process. */
  readers: number;
  /** Uploads waiting (being received, or received and waiting for a reader); past that, 503. */
  queue: number;
  /** A read running longer is stopped: its process is killed. */
  deadlineMs: number;
  /** The reading process's heap (V8 old generation). */
  heapMb: number;
  /** What a read may add to its process's memory, decoded streams included; past it, 422. */
  memoryMb: number;
  maxPages: number;
  maxChars: number;
  /** An idle reading process exits after this, giving its memory back. */
  idleMs: number;
}

export function pdfReaderDefaults(): PdfReaderOptions {
  // One core stays with the event loop.
  const readers = Math.max(1, Math.min(4, availableParallelism() - 1));
  return {
    readers,
    queue: 4 * readers,
    // Another learner waits at most one read behind a hostile one; a 300-page PDF reads in 2-3 s.
    deadlineMs: 6_000,
    heapMb: 64,
    // A 300-page PDF adds ~40 MB to a reader (which starts at ~45 MB, built).
    memoryMb: 80,
    maxPages: MATERIAL_PDF_MAX_PAGES,
    maxChars: MATERIAL_PDF_MAX_CHARS,
    idleMs: 30_000,
  };
}

/** A learner's place in the readers' line, taken before their upload is received. */
export interface PdfPlace {
  /** Reads the PDF off the event loop (422 when refused); the place is given back after. */
  read(bytes: Uint8Array): Promise<PdfRead>;
  /** Gives the place back unread (the upload failed); a second call does nothing. */
  release(): void;
}

export interface PdfReader {
  /**
   * A place for this learner's upload: 429 while they already have one (one upload each at a
   * time, so no learner fills the line), 503 with Retry-After when the line is full.
   */
  reserve(learnerId: string): PdfPlace;
  /** Reading processes alive now. */
  workers(): number;
  close(): Promise<void>;
}

const unprocessable = (refusal: PdfRefusal | 'tooHeavy' | 'tooMuchData') =>
  new AppError(422, MATERIAL_ERROR_CODES[refusal], MATERIAL_MESSAGES[refusal]);

export const materialsBusy = () =>
  new AppError(503, MATERIAL_ERROR_CODES.busy, MATERIAL_MESSAGES.busy, {
    'retry-after': String(MATERIAL_BUSY_RETRY_SECONDS),
  });

const alreadyUploading = () =>
  new AppError(429, MATERIAL_ERROR_CODES.uploading, MATERIAL_MESSAGES.uploading, {
    'retry-after': String(MATERIAL_UPLOADING_RETRY_SECONDS),
  });

// A cold process first loads pdf.js: the read's deadline counts from then.
const STARTUP_ALLOWANCE_MS = 30_000;

/** First come, first served: at most `size` holders, the rest wait in line. */
function turns(size: number) {
  let running = 0;
  const line: (() => void)[] = [];
  return {
    /** Whether a take now would wait. */
    busy: () => running >= size,
    async take(): Promise<() => void> {
      if (running < size) running++;
      else await new Promise<void>((resolve) => line.push(resolve));
      let given = false;
      return () => {
        if (given) return;
        given = true;
        const next = line.shift();
        // The turn passes straight to the next in line.
        if (next) next();
        else running--;
      };
    },
  };
}

/**
 * PDF reading in processes of their own (started at the first upload): each read has a memory
 * and a heap limit, a page and a character limit, and a deadline from its own start. Uploads take
 * a place before they are received; one place per learner; received ones wait for a reader.
 */
export function createPdfReader(options: PdfReaderOptions = pdfReaderDefaults()): PdfReader {
  const places = new Set<string>();
  const readerTurns = turns(options.readers);
  const idle: { proc: PdfProcess; timer: NodeJS.Timeout }[] = [];
  const live = new Set<PdfProcess>();
  let closed = false;

  /** An idle process, or a new one once pdf.js is loaded in it; null when none would start. */
  async function processForRead(): Promise<PdfProcess | null> {
    const kept = idle.pop();
    if (kept) {
      clearTimeout(kept.timer);
      if (kept.proc.alive()) return kept.proc;
    }
    const started = startPdfProcess(options);
    live.add(started);
    if (await started.ready(STARTUP_ALLOWANCE_MS)) return started;
    await started.kill();
    live.delete(started);
    return null;
  }

  function keepIdle(proc: PdfProcess) {
    // Kept for the next read (a new process costs the event loop a fork and the cores a start),
    // unless it kept much of what it read.
    if (closed || !proc.alive() || proc.grownMb() > options.memoryMb) {
      live.delete(proc);
      void proc.kill();
      return;
    }
    const timer = setTimeout(() => {
      const at = idle.findIndex((entry) => entry.proc === proc);
      if (at >= 0) idle.splice(at, 1);
      live.delete(proc);
      void proc.kill();
    }, options.idleMs);
    timer.unref();
    idle.push({ proc, timer });
  }

  let warming = false;
  /**
   * While a read waits for its turn, a process is made ready for it: the read ahead may end by
   * being killed, and the one waiting should not then also wait for pdf.js to load.
   */
  function warmSpare() {
    if (warming || closed || idle.length > 0) return;
    warming = true;
    const started = startPdfProcess(options);
    live.add(started);
    void started.ready(STARTUP_ALLOWANCE_MS).then((ok) => {
      warming = false;
      if (ok) keepIdle(started);
      else {
        live.delete(started);
        void started.kill();
      }
    });
  }

  async function run(bytes: Uint8Array): Promise<PdfRead> {
    if (readerTurns.busy()) warmSpare();
    const done = await readerTurns.take();
    try {
      const proc = await processForRead();
      if (!proc) throw materialsBusy();
      const task = { bytes, maxPages: options.maxPages, maxChars: options.maxChars };
      const outcome = await proc.read(task, options.deadlineMs);
      if (typeof outcome === 'string') {
        live.delete(proc);
        // A process that overran is dead: its memory went back with it.
        throw unprocessable(outcome === 'deadline' ? 'tooHeavy' : 'tooMuchData');
      }
      keepIdle(proc);
      if (!outcome.ok) throw unprocessable(outcome.refusal);
      return { pages: outcome.pages, passages: outcome.passages };
    } finally {
      done();
    }
  }

  return {
    reserve(learnerId) {
      if (places.has(learnerId)) throw alreadyUploading();
      if (closed || places.size >= options.readers + options.queue) throw materialsBusy();
      places.add(learnerId);
      let held = true;
      const release = () => {
        if (!held) return;
        held = false;
        places.delete(learnerId);
      };
      return {
        release,
        async read(bytes) {
          try {
            return await run(bytes);
          } finally {
            release();
          }
        },
      };
    },
    workers: () => [...live].filter((p) => p.alive()).length,
    async close() {
      closed = true;
      for (const entry of idle.splice(0)) clearTimeout(entry.timer);
      await Promise.all([...live].map((p) => p.kill()));
      live.clear();
    },
  };
}
