import { constants, deflateRawSync, deflateSync } from 'node:zlib';

/**
 * PDFs an attacker would send, written object by object (pdf-lib cannot share one content
 * stream between pages): small on the wire, costly to read.
 */
function pdfOf(objects: (string | Buffer)[]): Uint8Array {
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  const offsets: number[] = [];
  let length = chunks[0]?.length ?? 0;
  objects.forEach((body, i) => {
    offsets.push(length);
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`),
      Buffer.isBuffer(body) ? body : Buffer.from(body),
      Buffer.from('\nendobj\n'),
    ]);
    chunks.push(chunk);
    length += chunk.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`),
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
  ].join('');
  chunks.push(Buffer.from(xref));
  return new Uint8Array(Buffer.concat(chunks));
}

const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';

/** Objects 1 and 2 are the catalog and the page tree; pages and what they use follow. */
function catalogAndTree(pageIds: number[]): string[] {
  return [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Count ${pageIds.length} /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> >>`,
  ];
}

// Pages inherit the box and the font from the tree: each page object stays a few bytes.
const pageObject = (contentsId: number) =>
  `<< /Type /Page /Parent 2 0 R /Contents ${contentsId} 0 R >>`;

function compressedStream(content: string): Buffer {
  const stream = deflateSync(content, { level: 9 });
  return Buffer.concat([
    Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`),
    stream,
    Buffer.from('\nendstream'),
  ]);
}

/** `pages` pages that all draw one content stream (object 4). */
function sharedContentPdf(pages: number, content: string): Uint8Array {
  const pageIds = Array.from({ length: pages }, (_, i) => 5 + i);
  return pdfOf([
    ...catalogAndTree(pageIds),
    FONT,
    compressedStream(content),
    ...pageIds.map(() => pageObject(4)),
  ]);
}

/**
 * `pages` pages that all draw one compressed content stream of `operators` path operators
 * (a few KB on the wire, far more to parse, once per page), then one line of text.
 */
export function sharedStreamPdf(pages = 100, operators = 20_000): Uint8Array {
  const text = 'BT /F1 12 Tf 72 720 Td (One line of text on every page.) Tj ET';
  return sharedContentPdf(pages, `${'0 0 m 1 1 l '.repeat(operators)}n\n${text}\n`);
}

/** One page showing `items` one-letter strings, each placed anew: each is an object in the heap. */
export function manyTextItemsPdf(items = 300_000): Uint8Array {
  return sharedContentPdf(1, `BT /F1 12 Tf ${'1 0 0 1 100 100 Tm (a) Tj '.repeat(items)}ET\n`);
}

/** `pages` small pages of one line each: under a megabyte for 5,000 pages. */
export function manyPagesPdf(pages = 5000): Uint8Array {
  const pageIds = Array.from({ length: pages }, (_, i) => 4 + i * 2);
  const objects: string[] = [...catalogAndTree(pageIds), FONT];
  for (let i = 0; i < pages; i++) {
    const text = `BT /F1 12 Tf 72 720 Td (Page ${i + 1} of a long document.) Tj ET`;
    objects.push(pageObject(5 + i * 2));
    objects.push(`<< /Length ${text.length} >>\nstream\n${text}\nendstream`);
  }
  return pdfOf(objects);
}

const MiB = 1024 * 1024;
const ADLER = 65521n;
const SPACE = 0x20n;

/** Adler-32 of `head` followed by `n` spaces, without holding the spaces. */
function adler32(head: Buffer, n: bigint): Buffer {
  let a = 1n;
  let b = 0n;
  for (const byte of head) {
    a = (a + BigInt(byte)) % ADLER;
    b = (b + a) % ADLER;
  }
  // Each space adds 32 to a, and b gains every a along the way.
  b = (b + n * a + (SPACE * n * (n + 1n)) / 2n) % ADLER;
  a = (a + n * SPACE) % ADLER;
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(Number((b << 16n) | a));
  return sum;
}

/**
 * zlib data of `head` and then `mib` MiB of spaces without ever holding them: a MiB of spaces
 * deflated once and its blocks repeated (each refers only to itself), then an empty last block.
 */
function inflatingStream(head: string, mib: number): Buffer {
  const flushed = { level: 9, finishFlush: constants.Z_SYNC_FLUSH };
  const spaces = deflateRawSync(Buffer.alloc(MiB, 0x20), flushed);
  return Buffer.concat([
    Buffer.from([0x78, 0xda]),
    deflateRawSync(Buffer.from(head), flushed),
    ...Array.from({ length: mib }, () => spaces),
    Buffer.from([0x03, 0x00]),
    adler32(Buffer.from(head), BigInt(mib) * BigInt(MiB)),
  ]);
}

/**
 * One page whose content stream, a line of text and then spaces, inflates to `mib` MiB (about
 * 1 KiB on the wire per MiB): what grows is the reader's decoded bytes, not its heap.
 */
export function inflatingPdf(mib = 1024): Uint8Array {
  const text = 'BT /F1 12 Tf 72 720 Td (A page that unpacks to a great deal of nothing.) Tj ET\n';
  const stream = inflatingStream(text, mib);
  return pdfOf([
    ...catalogAndTree([5]),
    FONT,
    Buffer.concat([
      Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`),
      stream,
      Buffer.from('\nendstream'),
    ]),
    pageObject(4),
  ]);
}

/**
 * About `kib` KiB on the wire: `pages` pages (500, the most a PDF may have) that all draw one
 * uncompressed content stream of nothing but `q Q` (save and restore the graphics state), tens of
 * millions of operators to parse in all.
 */
export function pushPopPdf(kib = 380, pages = 500): Uint8Array {
  const pageIds = Array.from({ length: pages }, (_, i) => 5 + i);
  const budget = kib * 1024 - pages * 60 - 400;
  const text = 'BT /F1 12 Tf 72 720 Td (Saved and restored.) Tj ET\n';
  const content = `${'q Q\n'.repeat(Math.max(1, Math.floor(budget / 4)))}${text}`;
  return pdfOf([
    ...catalogAndTree(pageIds),
    FONT,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    ...pageIds.map(() => pageObject(4)),
  ]);
}
