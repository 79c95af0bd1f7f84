import {
  MATERIAL_BUSY_RETRY_SECONDS,
  MATERIAL_ERROR_CODES,
  MATERIAL_MESSAGES,
  materialLimitMessage,
} from '@grasp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { manyPagesPdf, sharedStreamPdf } from '../../test/hostile-pdfs.ts';
import { twoPagePdf, uploadPdf } from '../../test/material-pdfs.ts';
import { createPdfReader, type PdfReader, pdfReaderDefaults } from './pdf-text.ts';

const BOUNDARY = '----grasp-hostile-boundary';

/** A multipart body of the given parts, each a field or a file, as any client may send one. */
function multipart(parts: { name: string; value: Uint8Array; filename?: string }[]) {
  const chunks = parts.flatMap(({ name, value, filename }) => [
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"` +
        (filename ? `; filename="${filename}"\r\nContent-Type: application/pdf` : '') +
        '\r\n\r\n',
    ),
    Buffer.from(value),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${BOUNDARY}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

describe.each(TEST_DATABASES)('hostile uploads on %s', (kind) => {
  let t: TestApp;
  let asha: { token: string; user: { id: string } };
  let reads = 0;
  let reader: PdfReader;
  const send = (token: string, body: ReturnType<typeof multipart>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/materials',
      headers: { authorization: `Bearer ${token}`, ...body.headers },
      payload: body.payload,
    });

  beforeAll(async () => {
    // The real reader with one thread, no queue and a short deadline, counting what it reads.
    const real = createPdfReader({
      ...pdfReaderDefaults(),
      threads: 1,
      queue: 0,
      deadlineMs: 3_000,
    });
    reader = {
      ...real,
      read: (bytes) => {
        reads++;
        return real.read(bytes);
      },
    };
    t = await buildTestApp(kind, { pdfReader: reader });
    asha = await signedInUser(t.app, t.database.db, 'Asha');
  });
  afterAll(() => t.close());

  it('keeps answering other requests while a hostile PDF is read', async () => {
    const order: string[] = [];
    const upload = uploadPdf(t.app, asha.token, sharedStreamPdf(100, 400_000)).then((res) => {
      order.push('upload');
      return res;
    });
    // Wait until the reader has the upload, then ask for something else.
    while (!reader.full()) await new Promise((r) => setImmediate(r));
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    order.push('health');
    expect(health.statusCode).toBe(200);
    const slow = await upload;
    expect(order).toEqual(['health', 'upload']);
    expect(slow.statusCode).toBe(422);
    expect(slow.json()).toMatchObject({
      code: MATERIAL_ERROR_CODES.tooHeavy,
      message: MATERIAL_MESSAGES.tooHeavy,
    });
  });

  it('refuses a PDF of 5,000 pages with 422 naming the limit', async () => {
    const res = await uploadPdf(t.app, asha.token, manyPagesPdf(5000));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: MATERIAL_ERROR_CODES.tooManyPages,
      message: MATERIAL_MESSAGES.tooManyPages,
    });
    expect(res.json().message).toContain('500 pages');
  });

  it('answers 503 with Retry-After when every reader is taken', async () => {
    const first = uploadPdf(t.app, asha.token, sharedStreamPdf(100, 400_000));
    while (!reader.full()) await new Promise((r) => setImmediate(r));
    const refused = await uploadPdf(t.app, asha.token, await twoPagePdf());
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe(String(MATERIAL_BUSY_RETRY_SECONDS));
    expect(refused.json()).toMatchObject({
      code: MATERIAL_ERROR_CODES.busy,
      message: MATERIAL_MESSAGES.busy,
    });
    expect((await first).statusCode).toBe(422);
  });

  it('checks the material quota before reading anything', async () => {
    const ravi = await signedInUser(t.app, t.database.db, 'Ravi');
    for (const n of [1, 2, 3]) {
      const pasted = await t.app.inject({
        method: 'POST',
        url: '/api/materials',
        headers: { authorization: `Bearer ${ravi.token}` },
        payload: { text: `Note ${n}.` },
      });
      expect(pasted.statusCode).toBe(200);
    }
    const before = reads;
    const res = await uploadPdf(t.app, ravi.token, await twoPagePdf());
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(materialLimitMessage('free'));
    expect(reads).toBe(before);
  });

  it('takes one file and no large fields: 40 fields of 1 MB beside a PDF are refused', async () => {
    const pdf = await twoPagePdf();
    const megabyte = new Uint8Array(1024 * 1024).fill(97);
    const before = reads;
    const cases = [
      Array.from({ length: 40 }, (_, i) => ({ name: `f${i}`, value: megabyte })),
      [{ name: 'note', value: new Uint8Array(4096).fill(97) }],
      [{ name: 'file', value: pdf, filename: 'second.pdf' }],
      Array.from({ length: 5 }, (_, i) => ({ name: `f${i}`, value: new Uint8Array(8) })),
    ];
    for (const extra of cases) {
      const res = await send(
        asha.token,
        multipart([{ name: 'file', value: pdf, filename: 'notes.pdf' }, ...extra]),
      );
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toMatchObject({
        code: MATERIAL_ERROR_CODES.oneFile,
        message: MATERIAL_MESSAGES.oneFile,
      });
    }
    // Before the file, too.
    const first = await send(
      asha.token,
      multipart([
        { name: 'big', value: megabyte },
        { name: 'file', value: pdf, filename: 'notes.pdf' },
      ]),
    );
    expect(first.statusCode).toBe(413);
    expect(reads).toBe(before);
  });
});
