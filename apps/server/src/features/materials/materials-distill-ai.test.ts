import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { startFakeOpenAI } from '../../test/fake-vendors/fake-openai.ts';
import type { FakeVendor } from '../../test/fake-vendors/fake-vendor-server.ts';
import { twoPagePdf, uploadPdf } from '../../test/material-pdfs.ts';
import { buildDistillPrompt } from '../distill/distill-prompts.ts';
import { createOfflineProvider } from '../explain/providers/offline/offline-provider.ts';
import { createOpenAIProvider } from '../explain/providers/openai.ts';

// What the fake model "knows": it names only those of these that the fenced passages mention,
// as a model grounded in the material would; from the title alone it names none.
const TERMS = ['Photosynthesis', 'Chlorophyll', 'Chloroplast', 'Thylakoid', 'Glucose', 'Oxygen'];
interface ResponsesBody {
  input: { role: string; content: string | { text: string }[] }[];
}
/** The user turn of an OpenAI Responses request, where the fenced passages must be. */
const userTurn = (body: unknown) =>
  (body as ResponsesBody).input
    .filter((message) => message.role === 'user')
    .flatMap((message) =>
      typeof message.content === 'string'
        ? [message.content]
        : message.content.map((part) => part.text),
    )
    .join('\n');
const fencedText = (body: unknown) =>
  /<sources>\n(.*)\n<\/sources>/s.exec(userTurn(body))?.[1] ?? '';
const groundedAnswer = (body: unknown) => {
  const passages = fencedText(body).toLowerCase();
  const concepts = TERMS.filter((term) => passages.includes(term.toLowerCase()));
  return { chunks: [JSON.stringify({ concepts, prerequisites: [] })] };
};

describe.each(TEST_DATABASES)('distilling a material with an AI vendor on %s', (kind) => {
  let t: TestApp;
  let vendor: FakeVendor;
  let asha: { token: string };

  beforeAll(async () => {
    vendor = await startFakeOpenAI();
    const openai = createOpenAIProvider(
      { apiKey: 'sk-test-openai-key', baseUrl: vendor.baseURL, model: 'gpt-test' },
      { explain: buildDistillPrompt },
    );
    t = await buildTestApp(kind, {
      providers: [createOfflineProvider(), openai],
      explainTimeoutMs: 15_000,
    });
    asha = await signedInUser(t.app, t.database.db, 'Asha');
  });
  afterAll(async () => {
    await t?.close();
    await vendor?.close();
  });

  it('sends the material’s passages, fenced, and gets back the concepts it teaches', async () => {
    const notes = (await uploadPdf(t.app, asha.token, await twoPagePdf())).json().materialId;
    vendor.behave({ kind: 'reply-to', answer: groundedAnswer });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/concepts/distill',
      headers: { authorization: `Bearer ${asha.token}` },
      payload: { materialId: notes, provider: 'remote-openai' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(vendor.requests).toHaveLength(1);
    const sent = fencedText(vendor.requests[0]?.body);
    expect(sent).toContain('Biology notes for the first term.');
    expect(sent).toMatch(
      /<source n="\d+" title="[^"]*" language="English">[^<]*stacks of thylakoids where the light reactions happen/,
    );
    // Thylakoids are on page 2 only, and nowhere in the title.
    expect(res.json().concepts).toEqual(expect.arrayContaining(['Thylakoid', 'Chloroplast']));
  });
});
