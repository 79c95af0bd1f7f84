import {
  MATERIAL_BUSY_RETRY_SECONDS,
  MATERIAL_ERROR_CODES,
  MATERIAL_MESSAGES,
  MATERIAL_PDF_MAX_PAGES,
} from '@grasp/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { manyPagesPdf, manyTextItemsPdf, sharedStreamPdf } from '../../test/hostile-pdfs.ts';
import { twoPagePdf } from '../../test/material-pdfs.ts';
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

describe('the PDF reader (worker threads)', () => {
  let reader: PdfReader | undefined;
  const make = (options: Partial<ReturnType<typeof pdfReaderDefaults>> = {}) => {
    reader = createPdfReader({ ...pdfReaderDefaults(), ...options });
    return reader;
  };
  afterEach(async () => {
    await reader?.close();
    reader = undefined;
  });

  it('reads each page in a worker and splits the text into passages with their pages', async () => {
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

  it('stops a read past its deadline and ends the worker that was running it', async () => {
    const slow = make({ deadlineMs: 1_500, threads: 1 });
    // A worker already running, so the deadline falls while pdf.js is at work, not starting.
    expect((await slow.read(await twoPagePdf())).pages).toBe(2);
    expect(slow.workers()).toBe(1);
    const refused = await refusal(slow.read(sharedStreamPdf(100, 400_000)));
    expect(refused).toMatchObject({ status: 422, code: MATERIAL_ERROR_CODES.tooHeavy });
    // The stuck pdf.js is gone, not left burning CPU; the next read gets a fresh worker.
    expect(slow.workers()).toBe(0);
    expect((await slow.read(await twoPagePdf())).pages).toBe(2);
  });

  it('refuses a PDF that outgrows the worker heap', async () => {
    const refused = await refusal(
      make({ heapMb: 24, deadlineMs: 60_000 }).read(manyTextItemsPdf()),
    );
    expect(refused).toMatchObject({ status: 422, code: MATERIAL_ERROR_CODES.tooHeavy });
  });

  it('queues reads to its bound, then refuses at once with 503 and Retry-After', async () => {
    const busy = make({ threads: 1, queue: 1, deadlineMs: 3_000 });
    const heavy = sharedStreamPdf(100, 400_000);
    const reads = [busy.read(heavy), busy.read(await twoPagePdf())];
    expect(busy.full()).toBe(true);
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
    expect(busy.full()).toBe(false);
  });
});
