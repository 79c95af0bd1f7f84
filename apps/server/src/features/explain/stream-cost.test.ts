import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { fakeAnswer } from '../../test/fake-answers.ts';
import { fakeProvider } from '../../test/fake-provider.ts';

/** An answer of about `words` words in two-word deltas, as models stream. */
function twoWordDeltas(words: number): string[] {
  const text = fakeAnswer('en', { query: 'Gravity', words });
  return text.match(/\S+\s+\S+\s*|\S+\s*$/g) ?? [text];
}

/**
 * The server's work for each streamed chunk must not grow with the text streamed before it
 * (DESIGN.md §19): ten times the chunks, about ten times the CPU, never a hundred.
 */
describe('the cost of a streamed chunk', () => {
  let t: TestApp;
  let token: string;
  const fake = fakeProvider('remote-openai');
  let deltas: string[] = [];
  fake.provider.stream = async function* () {
    for (const delta of deltas) yield delta;
  };

  beforeAll(async () => {
    t = await buildTestApp('sqlite', {
      providers: [fakeProvider('offline').provider, fake.provider],
      env: { RATE_LIMIT_SCALE: '1000' },
    });
    token = (await signedInUser(t.app, t.database.db, 'Meera')).token;
    await t.database.db
      .updateTable('usage_cycles')
      .set({ plan: 'enterprise', unit_limit: null })
      .execute();
  });
  afterAll(() => t?.close());

  let asked = 0;
  /** CPU microseconds (this process) to stream one new explanation of `words` words. */
  async function cpuOfStream(words: number): Promise<number> {
    deltas = twoWordDeltas(words);
    const before = process.cpuUsage();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ai/aiResponseGoogle',
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      payload: { query: `Gravity ${++asked}`, provider: 'remote-openai' },
    });
    const used = process.cpuUsage(before);
    expect(res.body).toContain('event: done');
    return used.user + used.system;
  }

  it('stays near linear in the chunks: 4,000 words against 400', async () => {
    await cpuOfStream(400);
    await cpuOfStream(4000);
    const small: number[] = [];
    const large: number[] = [];
    for (let i = 0; i < 3; i++) {
      small.push(await cpuOfStream(400));
      large.push(await cpuOfStream(4000));
    }
    const ratio = Math.min(...large) / Math.min(...small);
    // Constant work a chunk gives at most 10 (far less: the request's own costs are the same for
    // both); work that grows with the text so far gives far more (one split of the text so far
    // a chunk gave 16).
    expect(ratio).toBeLessThan(10);
  });
});
