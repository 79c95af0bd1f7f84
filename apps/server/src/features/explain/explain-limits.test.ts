import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress, signedInUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { fakeProvider } from '../../test/fake-provider.ts';

describe.each(TEST_DATABASES)('the explanation rate limit on %s', (kind) => {
  let t: TestApp;
  const offline = fakeProvider('offline');

  beforeAll(async () => {
    t = await buildTestApp(kind, { providers: [offline.provider] });
  });
  afterAll(() => t.close());

  it('counts per user, so a class behind one address does not share it', async () => {
    const lab = nextAddress();
    const [first, second] = await Promise.all(
      ['Asha', 'Ravi'].map(async (name) => (await signedInUser(t.app, t.database.db, name)).token),
    );
    const explain = (token: string | undefined) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ai/aiResponseGoogle',
        headers: { authorization: `Bearer ${token}` },
        payload: { query: 'Gravity', template: 'default' },
        remoteAddress: lab,
      });
    for (let i = 0; i < 60; i++) expect((await explain(first)).statusCode).toBe(200);
    const limited = await explain(first);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect((await explain(second)).statusCode).toBe(200);
    // Without a valid token the answer is 401 and nothing is counted.
    expect((await explain('not-a-token')).statusCode).toBe(401);
  });
});
