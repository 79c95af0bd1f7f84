import { getDocumentProxy } from 'unpdf';
import { type PassageDraft, splitIntoPassages } from './passages.ts';

/**
 * Runs in a process of its own (pdf-process.ts starts it): pdf.js is CPU-heavy, a hostile PDF can
 * keep it busy for seconds, which on the event loop would stall every other request, and what it
 * decodes is bounded only where the whole process is.
 */

export interface PdfTask {
  bytes: Uint8Array;
  maxPages: number;
  maxChars: number;
}

export type PdfRefusal = 'encrypted' | 'unreadable' | 'noText' | 'tooManyPages' | 'tooMuchText';

export type PdfOutcome =
  | { ok: true; pages: number; passages: PassageDraft[] }
  | { ok: false; refusal: PdfRefusal };

/** What the process tells the server: pdf.js is loaded, or a read's outcome. */
export type ReaderMessage = { kind: 'ready' } | { kind: 'outcome'; outcome: PdfOutcome };

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
export async function readPdf(task: PdfTask): Promise<PdfOutcome> {
  let document: Document;
  try {
    // The channel delivers a Buffer, which pdf.js refuses: a plain view of the same bytes.
    const { buffer, byteOffset, byteLength } = task.bytes;
    document = await getDocumentProxy(new Uint8Array(buffer, byteOffset, byteLength), {
      verbosity: 0,
    });
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

const tell = (message: ReaderMessage) => process.send?.(message);

// One read at a time, as the server sends them; the process ends with the server's channel.
if (process.send) {
  process.on('message', (task: PdfTask) => {
    void readPdf(task).then((outcome) => {
      // What the read decoded goes back to the system before the next read is measured.
      globalThis.gc?.();
      tell({ kind: 'outcome', outcome });
    });
  });
  process.once('disconnect', () => process.exit(0));
  tell({ kind: 'ready' });
}
