import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { twoPagePdf, uploadPdf } from '../../test/material-pdfs.ts';
import type { PdfRead, PdfReader } from './pdf-text.ts';

/** A reader whose reads end when the test says so: a PDF still being read. */
function heldReader() {
  const held: ((read: PdfRead) => void)[] = [];
  const reader: PdfReader = {
    reserve: () => ({
      read: () => new Promise<PdfRead>((resolve) => held.push(resolve)),
      release: () => undefined,
    }),
    workers: () => 0,
    close: async () => undefined,
  };
  return { reader, held };
}

describe.each(TEST_DATABASES)('a material whose owner has gone, on %s', (kind) => {
  let t: TestApp;
  const { reader, held } = heldReader();
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await buildTestApp(kind, { pdfReader: reader });
  });
  afterAll(() => t.close());

  it('is dropped: a PDF still being read when the account is deleted is never stored', async () => {
    const asha = await signedInUser(t.app, t.database.db, 'Asha');
    const upload = uploadPdf(t.app, asha.token, await twoPagePdf());
    while (held.length === 0) await new Promise((r) => setTimeout(r, 5));

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: auth(asha.token),
      payload: { pin: '1234' },
    });
    expect(deleted.statusCode).toBe(204);
    // The reader finishes afterwards, with a page of text as any PDF would give.
    held.shift()?.({
      pages: 1,
      passages: [{ position: 0, page: 1, text: 'Photosynthesis turns light into energy.' }],
    });

    const res = await upload;
    expect(res.statusCode).toBe(401);
    const left = await t.database.db
      .selectFrom('materials')
      .select('id')
      .where('user_id', '=', asha.user.id)
      .execute();
    expect(left).toEqual([]);
    expect(await t.database.db.selectFrom('material_passages').select('id').execute()).toEqual([]);
  });
});
