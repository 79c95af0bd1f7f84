import { connect } from 'node:net';
import {
  MATERIAL_BUSY_RETRY_SECONDS,
  MATERIAL_ERROR_CODES,
  MATERIAL_MESSAGES,
  MATERIAL_UPLOADING_RETRY_SECONDS,
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
const RECEIVE_MS = 1_500;

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

/**
 * An upload over a real connection whose body trickles in and never ends: what the server
 * answered, and how long after the start it closed the connection (null: still open at `waitMs`).
 */
function tricklingUpload(url: string, token: string, waitMs: number) {
  const { port, hostname } = new URL(url);
  const started = performance.now();
  return new Promise<{ status: number | null; closedAfterMs: number | null }>((resolve) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    const drip = setInterval(() => socket.write('x'.repeat(64)), 50);
    const end = (closedAfterMs: number | null) => {
      clearInterval(drip);
      clearTimeout(giveUp);
      socket.destroy();
      const status = /^HTTP\/1\.1 (\d+)/.exec(answer)?.[1];
      resolve({ status: status ? Number(status) : null, closedAfterMs });
    };
    const giveUp = setTimeout(() => end(null), waitMs);
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => end(performance.now() - started));
    socket.write(
      `POST /api/materials HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: 9900000\r\n\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="slow.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n%PDF-1.7\n',
    );
  });
}

describe.each(TEST_DATABASES)('hostile uploads on %s', (kind) => {
  let t: TestApp;
  let asha: { token: string; user: { id: string } };
  let reads = 0;
  let reading = 0;
  let holding = 0;
  let ravi: { token: string; user: { id: string } };
  const send = (token: string, body: ReturnType<typeof multipart>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/materials',
      headers: { authorization: `Bearer ${token}`, ...body.headers },
      payload: body.payload,
    });

  beforeAll(async () => {
    // The real reader with one process, no queue and a short deadline, counting what it reads.
    const real = createPdfReader({
      ...pdfReaderDefaults(),
      readers: 1,
      queue: 0,
      deadlineMs: 3_000,
    });
    const reader: PdfReader = {
      ...real,
      reserve: (learnerId) => {
        const place = real.reserve(learnerId);
        holding++;
        let held = true;
        const letGo = () => {
          if (held) holding--;
          held = false;
        };
        return {
          release: () => {
            place.release();
            letGo();
          },
          read: async (bytes) => {
            reads++;
            reading++;
            try {
              return await place.read(bytes);
            } finally {
              reading--;
              letGo();
            }
          },
        };
      },
    };
    t = await buildTestApp(kind, { pdfReader: reader, uploadReceiveMs: RECEIVE_MS });
    asha = await signedInUser(t.app, t.database.db, 'Asha');
    ravi = await signedInUser(t.app, t.database.db, 'Ravi');
  });
  afterAll(() => t.close());

  it('keeps answering other requests while a hostile PDF is read', async () => {
    const order: string[] = [];
    const upload = uploadPdf(t.app, asha.token, sharedStreamPdf(100, 400_000)).then((res) => {
      order.push('upload');
      return res;
    });
    // Wait until the reader has the upload, then ask for something else.
    while (reading === 0) await new Promise((r) => setImmediate(r));
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
    while (reading === 0) await new Promise((r) => setImmediate(r));
    const refused = await uploadPdf(t.app, ravi.token, await twoPagePdf());
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe(String(MATERIAL_BUSY_RETRY_SECONDS));
    expect(refused.json()).toMatchObject({
      code: MATERIAL_ERROR_CODES.busy,
      message: MATERIAL_MESSAGES.busy,
    });
    expect((await first).statusCode).toBe(422);
  });

  it('checks the material quota before reading anything', async () => {
    const meera = await signedInUser(t.app, t.database.db, 'Meera');
    for (const n of [1, 2, 3]) {
      const pasted = await t.app.inject({
        method: 'POST',
        url: '/api/materials',
        headers: { authorization: `Bearer ${meera.token}` },
        payload: { text: `Note ${n}.` },
      });
      expect(pasted.statusCode).toBe(200);
    }
    const before = reads;
    const res = await uploadPdf(t.app, meera.token, await twoPagePdf());
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

  it('reads one PDF per learner at a time (429), and another learner is not held back', async () => {
    const heavy = uploadPdf(t.app, asha.token, sharedStreamPdf(100, 400_000));
    while (reading === 0) await new Promise((r) => setImmediate(r));
    const before = reads;
    const second = await uploadPdf(t.app, asha.token, await twoPagePdf());
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe(String(MATERIAL_UPLOADING_RETRY_SECONDS));
    expect(second.json()).toMatchObject({
      code: MATERIAL_ERROR_CODES.uploading,
      message: MATERIAL_MESSAGES.uploading,
    });
    expect(reads).toBe(before);
    expect((await heavy).statusCode).toBe(422);
  });

  describe('over a real connection', () => {
    let url: string;
    beforeAll(async () => {
      url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });

    it('takes the reader before the body arrives: meanwhile another upload is 503', async () => {
      const slow = tricklingUpload(url, asha.token, 10_000);
      while (holding === 0) await new Promise((r) => setTimeout(r, 5));
      // Asha's upload has the only place while its body trickles in; Ravi's is refused unread.
      const before = reads;
      const refused = await uploadPdf(t.app, ravi.token, await twoPagePdf());
      expect(reads).toBe(before);
      expect(refused.statusCode).toBe(503);
      expect((await slow).status).toBe(408);
    });

    it('cuts off a body that trickles in (408), closes its connection, gives its place back', async () => {
      const before = reads;
      const slow = await tricklingUpload(url, asha.token, 10_000);
      expect(slow.status).toBe(408);
      expect(slow.closedAfterMs).not.toBeNull();
      expect(slow.closedAfterMs).toBeGreaterThanOrEqual(RECEIVE_MS - 100);
      expect(slow.closedAfterMs).toBeLessThan(RECEIVE_MS + 2_000);
      expect(reads).toBe(before);
      const next = await uploadPdf(t.app, asha.token, await twoPagePdf());
      expect(next.statusCode).toBe(200);
      await t.app.inject({
        method: 'DELETE',
        url: `/api/materials/${next.json<{ materialId: string }>().materialId}`,
        headers: { authorization: `Bearer ${asha.token}` },
      });
    });

    it('closes the connection of an upload refused before its body arrived, 3 s after', async () => {
      const heavy = uploadPdf(t.app, asha.token, sharedStreamPdf(100, 400_000));
      while (reading === 0) await new Promise((r) => setImmediate(r));
      const refused = await tricklingUpload(url, asha.token, 10_000);
      expect(refused.status).toBe(429);
      // The rest of the body is read and discarded for 3 s, so a client can read the answer.
      expect(refused.closedAfterMs).not.toBeNull();
      expect(refused.closedAfterMs).toBeGreaterThanOrEqual(2_900);
      expect(refused.closedAfterMs).toBeLessThan(5_000);
      await heavy;
    });
  });
});
