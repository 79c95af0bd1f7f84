import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { twoPagePdf, uploadPdf } from '../../test/material-pdfs.ts';
import { createOfflineProvider } from '../explain/providers/offline/offline-provider.ts';

describe.each(TEST_DATABASES)('distilling a material on %s', (kind) => {
  let t: TestApp;
  let asha: { token: string };
  let ravi: { token: string };
  let notes: string;
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const distill = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/concepts/distill', headers: auth(token), payload });
  const units = async (token: string, name: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/stats/units/${name}`, headers: auth(token) })
    ).json().available_units as number;

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      providers: [createOfflineProvider()],
      explainTimeoutMs: 15_000,
    });
    asha = await signedInUser(t.app, t.database.db, 'Asha');
    ravi = await signedInUser(t.app, t.database.db, 'Ravi');
    const res = await uploadPdf(t.app, asha.token, await twoPagePdf());
    notes = res.json().materialId;
  });
  afterAll(() => t.close());

  it('picks the material’s key terms offline, once per unit, a repeat free', async () => {
    const before = await units(asha.token, 'asha');
    const res = await distill(asha.token, { materialId: notes });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ concepts: string[]; template: string }>();
    expect(body.template).toBe('default');
    expect(body.concepts).toEqual(expect.arrayContaining(['photosynthesis', 'chloroplast']));
    expect(body.concepts.length).toBeLessThanOrEqual(8);
    expect(await units(asha.token, 'asha')).toBe(before - 1);
    const again = await distill(asha.token, { materialId: notes });
    expect(again.json().concepts).toEqual(body.concepts);
    expect(await units(asha.token, 'asha')).toBe(before - 1);
  });

  it('is 404 for anyone else’s material, and a subject or material is needed', async () => {
    const res = await distill(ravi.token, { materialId: notes });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('MATERIAL_NOT_FOUND');
    expect((await distill(ravi.token, {})).statusCode).toBe(400);
  });
});
