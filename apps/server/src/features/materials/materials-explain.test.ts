import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { fakeProvider } from '../../test/fake-provider.ts';
import { twoPagePdf, uploadPdf } from '../../test/material-pdfs.ts';
import { createOfflineProvider } from '../explain/providers/offline/offline-provider.ts';

interface Explained {
  explanationId: string;
  response: string;
  cached: boolean;
  sources: { n: number; origin: string; page?: number; excerpt: string; title: string }[];
  material?: { materialId: string; title: string };
}

describe.each(TEST_DATABASES)('explaining from a material on %s', (kind) => {
  let t: TestApp;
  const remote = fakeProvider('remote-openai');
  let asha: { token: string };
  let ravi: { token: string };
  let notes: string;
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const explain = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ai/aiResponseGoogle',
      headers: auth(token),
      payload: { template: 'default', ...payload },
    });
  const units = async (token: string, name: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/stats/units/${name}`, headers: auth(token) })
    ).json().available_units as number;

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      providers: [createOfflineProvider(), remote.provider],
      env: { SOURCES: 'off' },
    });
    asha = await signedInUser(t.app, t.database.db, 'Asha');
    ravi = await signedInUser(t.app, t.database.db, 'Ravi');
    const res = await uploadPdf(t.app, asha.token, await twoPagePdf(), { filename: 'biology.pdf' });
    notes = res.json().materialId;
  });
  afterAll(() => t.close());

  it('offline, assembles the material’s own sentences, cited with their page', async () => {
    const before = await units(asha.token, 'asha');
    const res = await explain(asha.token, {
      query: 'chlorophyll',
      provider: 'offline',
      materialId: notes,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Explained>();
    expect(body.response).toContain(
      'Chlorophyll in the chloroplast absorbs red and blue light. [1]',
    );
    expect(body.sources).toHaveLength(1);
    expect(body.sources[0]).toMatchObject({
      n: 1,
      origin: 'document',
      page: 2,
      title: 'biology',
      url: '',
    });
    expect(body.material).toEqual({ materialId: notes, title: 'biology' });
    expect(await units(asha.token, 'asha')).toBe(before - 1);

    // The same question on the same material is free, like any repeat.
    const again = await explain(asha.token, {
      query: 'Chlorophyll',
      provider: 'offline',
      materialId: notes,
    });
    expect(again.json<Explained>()).toMatchObject({ cached: true, material: body.material });
    expect(await units(asha.token, 'asha')).toBe(before - 1);
    // Without the material it is another question: the dictionary's answer, for a unit.
    const plain = await explain(asha.token, { query: 'chlorophyll', provider: 'offline' });
    expect(plain.json<Explained>().sources[0]?.origin).toBe('wordnet');
    expect(plain.json<Explained>().material).toBeUndefined();
    expect(await units(asha.token, 'asha')).toBe(before - 2);
  });

  it('grounds an AI provider in the material’s best passages', async () => {
    const res = await explain(asha.token, {
      query: 'photosynthesis',
      provider: 'remote-openai',
      materialId: notes,
    });
    expect(res.statusCode, res.body).toBe(200);
    const given = remote.state.lastExplain?.sources ?? [];
    expect(given[0]).toMatchObject({ n: 1, origin: 'document', page: 2 });
    expect(given[0]?.excerpt).toContain('Photosynthesis is the process');
    const body = res.json<Explained>();
    // The fake cites [1] and a number it was never given; only [1] is kept, with its page.
    expect(body.response).toContain('[1]');
    expect(body.response).not.toContain('[7]');
    expect(body.sources.map((s) => [s.n, s.page])).toEqual([[1, 2]]);
  });

  it('is 404 for anyone else’s material, and takes no unit', async () => {
    const before = await units(ravi.token, 'ravi');
    const res = await explain(ravi.token, {
      query: 'chlorophyll',
      provider: 'offline',
      materialId: notes,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('MATERIAL_NOT_FOUND');
    expect(await units(ravi.token, 'ravi')).toBe(before);
  });

  it('keeps explanations, their excerpts and the material’s name after the material is deleted', async () => {
    const made = (
      await explain(asha.token, { query: 'thylakoid', provider: 'offline', materialId: notes })
    ).json<Explained>();
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/materials/${notes}`,
      headers: auth(asha.token),
    });
    expect(del.statusCode).toBe(200);
    const record = await t.app.inject({
      method: 'GET',
      url: `/api/ai/explanations/${made.explanationId}`,
      headers: auth(asha.token),
    });
    expect(record.statusCode).toBe(200);
    expect(record.json()).toMatchObject({
      material: { materialId: notes, title: 'biology' },
      sources: [{ origin: 'document', page: 2 }],
    });
    expect(record.json().sources[0].excerpt).toContain('thylakoids');
    // The material itself is gone everywhere.
    const after = await explain(asha.token, {
      query: 'thylakoid',
      provider: 'offline',
      materialId: notes,
    });
    expect(after.statusCode).toBe(404);
  });
});
