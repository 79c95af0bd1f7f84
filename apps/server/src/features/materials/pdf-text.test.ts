import {
  MATERIAL_BUSY_RETRY_SECONDS,
  MATERIAL_ERROR_CODES,
  MATERIAL_MESSAGES,
  MATERIAL_PDF_MAX_PAGES,
  MATERIAL_UPLOADING_RETRY_SECONDS,
} from '@grasp/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import {
  inflatingPdf,
  manyPagesPdf,
  manyTextItemsPdf,
  sharedStreamPdf,
} from '../../test/hostile-pdfs.ts';
import { twoPagePdf } from '../../test/material-pdfs.ts';
import { peakTreeRss, treeRssMb } from '../../test/process-memory.ts';
import { createPdfReader, type PdfReader, pdfReaderDefaults } from './pdf-text.ts';

/** The refusal a read ends in, or null when it succeeds. */
async function refusal(read: Promise<unknown>) {
  try {
    await read;
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.statusCode, code: error.code, message: error.message, ...error.headers };
  }
}

let learners = 0;

describe('the PDF reader (processes of its own)', () => {
  let reader: PdfReader | undefined;
  const make = (options: Partial<ReturnType<typeof pdfReaderDefaults>> = {}) => {
    const made = createPdfReader({ ...pdfReaderDefaults(), ...options });
    reader = made;
    // Each read as a learner of its own, unless the test says whose it is.
    return {
      ...made,
      read: (bytes: Uint8Array, learner = `learner-${++learners}`) =>
        Promise.resolve().then(() => made.reserve(learner).read(bytes)),
    };
  };
  afterEach(async () => {
    await reader?.close();
    reader = undefined;
  });

  it('reads each page in a process of its own and splits the text into passages with their pages', async () => {
    const read = await make().read(await twoPagePdf());
    expect(read.pages).toBe(2);
    expect(read.passages.map((p) => p.page)).toEqual([1, 2]);
    expect(read.passages[1]?.text).toContain('Chlorophyll in the chloroplast');
  });

  it('refuses more pages than the limit before reading any, naming the limit', async () => {
    const refused = await refusal(make().read(manyPagesPdf(5000)));
    expect(refused).toMatchObject({
      status: 422,
      code: MATERIAL_ERROR_CODES.tooManyPages,
      message: MATERIAL_MESSAGES.tooManyPages,
    });
    expect(refused?.message).toContain(`${MATERIAL_PDF_MAX_PAGES} pages`);
    const three = make({ maxPages: 3 });
    expect(await three.read(manyPagesPdf(3))).toMatchObject({ pages: 3 });
    expect(await refusal(three.read(manyPagesPdf(4)))).toMatchObject({ status: 422 });
  });

  it('stops at the total character limit', async () => {
    expect(await refusal(make({ maxChars: 200 }).read(await twoPagePdf()))).toMatchObject({
      status: 422,
      code: MATERIAL_ERROR_CODES.tooMuchText,
    });
  });

  it('stops a read past its deadline and ends the process that was running it', async () => {
    const slow = make({ deadlineMs: 1_500, readers: 1 });
    // A process already running, so the deadline falls while pdf.js is at work, not starting.
    expect((await slow.read(await twoPagePdf())).pages).toBe(2);
    expect(slow.workers()).toBe(1);
    const refused = await refusal(slow.read(sharedStreamPdf(100, 400_000)));
    expect(refused).toMatchObject({ status: 422, code: MATERIAL_ERROR_CODES.tooHeavy });
    // The stuck pdf.js is gone, not left burning CPU; the next read gets a fresh process.
    expect(slow.workers()).toBe(0);
    expect((await slow.read(await twoPagePdf())).pages).toBe(2);
  });

  it('refuses a PDF that outgrows the process heap', async () => {
    const refused = await refusal(
      make({ heapMb: 24, deadlineMs: 60_000 }).read(manyTextItemsPdf()),
    );
    expect(refused).toMatchObject({ status: 422, code: MATERIAL_ERROR_CODES.tooMuchData });
  });

  it('refuses a 1 MB PDF that inflates to 1 GiB, naming it, within its memory', async () => {
    const bomb = inflatingPdf(1024);
    const before = treeRssMb(process.pid);
    const peak = peakTreeRss(process.pid);
    const refused = await refusal(make({ deadlineMs: 60_000 }).read(bomb));
    const growth = peak() - before;
    expect(refused).toMatchObject({
      status: 422,
      code: MATERIAL_ERROR_CODES.tooMuchData,
      message: MATERIAL_MESSAGES.tooMuchData,
    });
    // The reading process (from source, ~100 MB of node, tsx and pdf.js) and its 80 MB of room.
    expect(growth).toBeLessThan(250);
    expect(reader?.workers()).toBe(0);
  });

  it('gives each learner one place at a time, so no learner fills the line', async () => {
    const line = make({ readers: 1, queue: 1 });
    const first = line.reserve('asha');
    expect(await refusal(line.read(await twoPagePdf(), 'asha'))).toMatchObject({
      status: 429,
      code: MATERIAL_ERROR_CODES.uploading,
      message: MATERIAL_MESSAGES.uploading,
      'retry-after': String(MATERIAL_UPLOADING_RETRY_SECONDS),
    });
    // Another learner still finds a place, and Asha has hers back once she is done.
    expect((await line.read(await twoPagePdf(), 'ravi')).pages).toBe(2);
    first.release();
    expect((await line.read(await twoPagePdf(), 'asha')).pages).toBe(2);
  });

  it('queues reads to its bound, then refuses at once with 503 and Retry-After', async () => {
    const busy = make({ readers: 1, queue: 1, deadlineMs: 3_000 });
    const heavy = sharedStreamPdf(100, 400_000);
    const reads = [busy.read(heavy), busy.read(await twoPagePdf())];
    expect(await refusal(busy.read(heavy))).toMatchObject({
      status: 503,
      code: MATERIAL_ERROR_CODES.busy,
      message: MATERIAL_MESSAGES.busy,
      'retry-after': String(MATERIAL_BUSY_RETRY_SECONDS),
    });
    // The queued read waited its turn: its deadline ran from its own start, not from the queue's.
    const [first, second] = await Promise.all([refusal(reads[0] as Promise<unknown>), reads[1]]);
    expect(first?.code).toBe(MATERIAL_ERROR_CODES.tooHeavy);
    expect(second?.pages).toBe(2);
    expect((await busy.read(await twoPagePdf())).pages).toBe(2);
  });
});
