import type { MessagePort } from 'node:worker_threads';
import { getDocumentProxy } from 'unpdf';
import { type PassageDraft, splitIntoPassages } from './passages.ts';

/**
 * Runs in a worker thread (pdf-text.ts starts it): pdf.js is CPU-heavy and a hostile PDF can
 * keep it busy for seconds, which on the event loop would stall every other request.
 */

export interface PdfTask {
  bytes: Uint8Array;
  /** Told when the read begins: its deadline counts from then. */
  started: MessagePort;
  maxPages: number;
  maxChars: number;
}

export type PdfRefusal = 'encrypted' | 'unreadable' | 'noText' | 'tooManyPages' | 'tooMuchText';

export type PdfOutcome =
  | { ok: true; pages: number; passages: PassageDraft[] }
  | { ok: false; refusal: PdfRefusal };

type Document = Awaited<ReturnType<typeof getDocumentProxy>>;

const refused = (refusal: PdfRefusal): PdfOutcome => ({ ok: false, refusal });

/** One page's text; the page's parsed resources are freed before the next is read. */
async function pageText(document: Document, n: number): Promise<string> {
  const page = await document.getPage(n);
  try {
    const content = await page.getTextContent();
    return content.items
      .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
      .join('');
  } finally {
    page.cleanup();
  }
}

async function readPages(document: Document, task: PdfTask): Promise<PdfOutcome> {
  if (document.numPages > task.maxPages) return refused('tooManyPages');
  const pages: string[] = [];
  let chars = 0;
  for (let n = 1; n <= document.numPages; n++) {
    const text = await pageText(document, n);
    chars += text.length;
    if (chars > task.maxChars) return refused('tooMuchText');
    pages.push(text);
  }
  if (!pages.some((page) => /[\p{L}\p{N}]/u.test(page))) return refused('noText');
  return { ok: true, pages: pages.length, passages: splitIntoPassages(pages, true) };
}

/** Reads a PDF's text layer page by page, within the task's page and character limits. */
export default async function readPdf(task: PdfTask): Promise<PdfOutcome> {
  task.started.postMessage(null);
  task.started.close();
  let document: Document;
  try {
    document = await getDocumentProxy(task.bytes, { verbosity: 0 });
  } catch (error) {
    return refused(
      error instanceof Error && error.name === 'PasswordException' ? 'encrypted' : 'unreadable',
    );
  }
  try {
    return await readPages(document, task);
  } catch {
    return refused('unreadable');
  } finally {
    await document.destroy();
  }
}
