import type { FastifyInstance } from 'fastify';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** Small PDFs made on the spot, so the tests carry no binary fixtures. */
export async function pdfOfPages(pages: readonly string[][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([612, 792]);
    lines.forEach((line, i) => {
      page.drawText(line, { x: 50, y: 740 - i * 16, font, size: 11 });
    });
  }
  // Classic cross-reference tables, so encryptedPdf() can add to the trailer.
  return doc.save({ useObjectStreams: false });
}

/** Two pages: an introduction, then the material's concepts on page 2. */
export const TWO_PAGE_MATERIAL = [
  ['Biology notes for the first term.', 'These notes follow the class syllabus.'],
  [
    'Photosynthesis is the process by which green plants turn light into chemical energy.',
    'Chlorophyll in the chloroplast absorbs red and blue light.',
    'The chloroplast holds stacks of thylakoids where the light reactions happen.',
    'Photosynthesis releases oxygen and stores energy in glucose.',
  ],
];

export const twoPagePdf = () => pdfOfPages(TWO_PAGE_MATERIAL);

/** A page with shapes only, as a scan without a text layer would be. */
export async function imageOnlyPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  page.drawRectangle({ x: 50, y: 50, width: 300, height: 400 });
  return doc.save({ useObjectStreams: false });
}

/**
 * A PDF under the standard security handler with a user password: pdf.js cannot open it
 * without one. pdf-lib writes no encryption, so the dictionary is added to its trailer.
 */
export async function encryptedPdf(): Promise<Uint8Array> {
  const text = Buffer.from(await twoPagePdf()).toString('latin1');
  const encrypt =
    `/Encrypt << /Filter /Standard /V 1 /R 2 /O <${'00'.repeat(32)}> /U <${'11'.repeat(32)}> /P -4 >>\n` +
    `/ID [<${'ab'.repeat(16)}> <${'ab'.repeat(16)}>]\n`;
  return new Uint8Array(
    Buffer.from(text.replace(/trailer\s*<</, `trailer\n<<\n${encrypt}`), 'latin1'),
  );
}

/** A PDF header followed by nothing a reader can use. */
export const corruptPdf = () => new Uint8Array(Buffer.from('%PDF-1.7\n1 0 obj << /Broken'));

/** A multipart/form-data body with one file field, as a browser's FormData sends it. */
export function multipartBody(
  bytes: Uint8Array,
  options: { filename?: string; contentType?: string; field?: string } = {},
) {
  const boundary = '----grasp-test-boundary';
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; ` +
    `filename="${options.filename ?? 'notes.pdf'}"\r\nContent-Type: ${options.contentType ?? 'application/pdf'}\r\n\r\n`;
  return {
    payload: Buffer.concat([
      Buffer.from(head),
      Buffer.from(bytes),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Uploads a PDF as the given user, the way the web app does; answers the response. */
export function uploadPdf(
  app: FastifyInstance,
  token: string,
  bytes: Uint8Array,
  options: Parameters<typeof multipartBody>[1] = {},
) {
  const body = multipartBody(bytes, options);
  return app.inject({
    method: 'POST',
    url: '/api/materials',
    headers: { authorization: `Bearer ${token}`, ...body.headers },
    payload: body.payload,
  });
}
