import { MATERIAL_ERROR_CODES, MATERIAL_MESSAGES } from '@grasp/contract';
import { extractText, getDocumentProxy } from 'unpdf';
import { AppError } from '../../lib/errors.ts';

/** The text of each page of a PDF, in order (page n is pages[n - 1]). */
export interface PdfText {
  pages: string[];
}

const PDF_MAGIC = '%PDF-';

/** Whether the bytes start like a PDF (some writers put a little junk before the header). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  return head.includes(PDF_MAGIC);
}

const unprocessable = (code: string, message: string) => new AppError(422, code, message);

function readError(error: unknown): AppError {
  const name = error instanceof Error ? error.name : '';
  if (name === 'PasswordException') {
    return unprocessable(MATERIAL_ERROR_CODES.encrypted, MATERIAL_MESSAGES.encrypted);
  }
  return unprocessable(MATERIAL_ERROR_CODES.unreadable, MATERIAL_MESSAGES.unreadable);
}

/**
 * Reads a PDF's text layer with pdf.js (through unpdf), page by page. A password, a damaged
 * file or pages without any text (a scan) are the learner's to fix, so each is a clear 422.
 */
export async function readPdfText(bytes: Uint8Array): Promise<PdfText> {
  let pages: string[];
  try {
    // pdf.js takes ownership of the buffer it is given; a copy keeps the caller's intact.
    const document = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
    try {
      pages = (await extractText(document, { mergePages: false })).text;
    } finally {
      await document.destroy();
    }
  } catch (error) {
    throw readError(error);
  }
  if (!pages.some((page) => /[\p{L}\p{N}]/u.test(page))) {
    throw unprocessable(MATERIAL_ERROR_CODES.noText, MATERIAL_MESSAGES.noText);
  }
  return { pages };
}
