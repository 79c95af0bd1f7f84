import { MATERIAL_MESSAGES, MATERIAL_PDF_MAX_BYTES, materialLimitMessage } from '@grasp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import {
  corruptPdf,
  encryptedPdf,
  imageOnlyPdf,
  twoPagePdf,
  uploadPdf,
} from '../../test/material-pdfs.ts';

describe.each(TEST_DATABASES)('materials on %s', (kind) => {
  let t: TestApp;
  let asha: { token: string; user: { id: string } };
  let ravi: { token: string; user: { id: string } };
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const upload = (token: string, bytes: Uint8Array, options = {}) =>
    uploadPdf(t.app, token, bytes, options);
  const paste = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/materials', headers: auth(token), payload });
  const list = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/materials', headers: auth(token) })).json<{
      materials: { materialId: string; title: string }[];
      limit: number | null;
    }>();
  const remove = (token: string, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/materials/${id}`, headers: auth(token) });
  const rows = async () => ({
    materials: (await t.database.db.selectFrom('materials').select('id').execute()).length,
    passages: (await t.database.db.selectFrom('material_passages').select('id').execute()).length,
  });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    asha = await signedInUser(t.app, t.database.db, 'Asha');
    ravi = await signedInUser(t.app, t.database.db, 'Ravi');
  });
  afterAll(() => t.close());

  it('reads a PDF page by page and keeps its text, not the file', async () => {
    const res = await upload(asha.token, await twoPagePdf(), { filename: 'biology_notes.pdf' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ materialId: string; title: string; pages: number; chars: number }>();
    expect(body).toMatchObject({ title: 'biology notes', pages: 2 });
    expect(body.chars).toBeGreaterThan(200);
    const passages = await t.database.db
      .selectFrom('material_passages')
      .select(['page', 'text'])
      .where('material_id', '=', body.materialId)
      .orderBy('position')
      .execute();
    expect(passages.map((p) => p.page)).toEqual([1, 2]);
    expect(passages[1]?.text).toContain('Chlorophyll in the chloroplast');
    expect((await list(asha.token)).materials.map((m) => m.materialId)).toEqual([body.materialId]);
    expect((await list(ravi.token)).materials).toEqual([]);
    await remove(asha.token, body.materialId);
  });

  it('takes pasted text with or without a title', async () => {
    const named = await paste(asha.token, { title: ' Cells ', text: 'Mitochondria make ATP.' });
    expect(named.statusCode).toBe(200);
    expect(named.json()).toMatchObject({ title: 'Cells', chars: 22 });
    expect(named.json().pages).toBeUndefined();
    const untitled = await paste(asha.token, {
      text: 'The ribosome builds proteins from amino acids.',
    });
    expect(untitled.json().title).toBe('The ribosome builds proteins from amino acids.');
    for (const m of (await list(asha.token)).materials) await remove(asha.token, m.materialId);
  });

  it('refuses every bad input with a clear 4xx and stores nothing', async () => {
    const before = await rows();
    const cases = [
      [
        await upload(asha.token, new Uint8Array(MATERIAL_PDF_MAX_BYTES + 1).fill(37)),
        413,
        MATERIAL_MESSAGES.tooLarge,
      ],
      [
        await upload(asha.token, Buffer.from('hello, not a pdf'), {
          filename: 'notes.txt',
          contentType: 'text/plain',
        }),
        415,
        MATERIAL_MESSAGES.notPdf,
      ],
      [await upload(asha.token, await encryptedPdf()), 422, MATERIAL_MESSAGES.encrypted],
      [await upload(asha.token, corruptPdf()), 422, MATERIAL_MESSAGES.unreadable],
      [await upload(asha.token, await imageOnlyPdf()), 422, MATERIAL_MESSAGES.noText],
      [await paste(asha.token, { text: '   ' }), 400, MATERIAL_MESSAGES.emptyText],
      [await paste(asha.token, { text: 'a'.repeat(100_001) }), 400, MATERIAL_MESSAGES.textTooLong],
      [await paste(asha.token, {}), 400, 'text'],
    ] as const;
    for (const [res, status, message] of cases) {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toContain(message);
    }
    expect(MATERIAL_MESSAGES.noText).toMatch(/^This PDF has no text we can read/);
    expect(await rows()).toEqual(before);
    // Exactly at the limit is fine.
    const longest = await paste(asha.token, { text: 'word '.repeat(20_000) });
    expect(longest.statusCode).toBe(200);
    await remove(asha.token, longest.json().materialId);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/materials',
      payload: { text: 'x' },
    });
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/materials' })).statusCode).toBe(401);
  });

  it('keeps 3 materials on Free, then says how to get more; Pro keeps more', async () => {
    const ids: string[] = [];
    for (const n of [1, 2, 3])
      ids.push((await paste(ravi.token, { text: `Note ${n}.` })).json().materialId);
    const refused = await paste(ravi.token, { text: 'Note 4.' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'MATERIAL_LIMIT',
      message: materialLimitMessage('free'),
    });
    expect(refused.json().message).toContain('upgrade to Pro');
    expect((await list(ravi.token)).limit).toBe(3);
    await t.database.db
      .updateTable('users')
      .set({ plan: 'pro' })
      .where('id', '=', ravi.user.id)
      .execute();
    expect((await paste(ravi.token, { text: 'Note 4.' })).statusCode).toBe(200);
    expect((await list(ravi.token)).limit).toBe(100);
    await t.database.db
      .updateTable('users')
      .set({ plan: 'free' })
      .where('id', '=', ravi.user.id)
      .execute();
    for (const m of (await list(ravi.token)).materials) await remove(ravi.token, m.materialId);
    expect(ids).toHaveLength(3);
  });

  it('counts uploads in the per-user rate limit, refused ones too', async () => {
    const carl = await signedInUser(t.app, t.database.db, 'Carl');
    for (let i = 0; i < 20; i++) {
      // Past the Free plan's three materials each is refused, and still counted.
      expect([200, 403]).toContain((await paste(carl.token, { text: `Note ${i}.` })).statusCode);
    }
    const limited = await paste(carl.token, { text: 'One too many.' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect((await paste(asha.token, { text: 'Asha’s own allowance.' })).statusCode).toBe(200);
    for (const m of (await list(asha.token)).materials) await remove(asha.token, m.materialId);
  });

  it('deletes a material with its passages; anyone else’s is 404', async () => {
    const id = (await upload(asha.token, await twoPagePdf())).json().materialId as string;
    const others = await remove(ravi.token, id);
    expect(others.statusCode).toBe(404);
    expect(others.json()).toMatchObject({
      code: 'MATERIAL_NOT_FOUND',
      message: MATERIAL_MESSAGES.notFound,
    });
    expect((await remove(asha.token, id)).statusCode).toBe(200);
    expect((await remove(asha.token, id)).statusCode).toBe(404);
    const left = await t.database.db
      .selectFrom('material_passages')
      .select('id')
      .where('material_id', '=', id)
      .execute();
    expect(left).toEqual([]);
    expect((await list(asha.token)).materials).toEqual([]);
  });
});
