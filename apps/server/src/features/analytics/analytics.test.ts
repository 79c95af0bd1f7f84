import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress, signedInUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DATABASES } from '../../test/databases.ts';

describe.each(TEST_DATABASES)('page views on %s', (kind) => {
  let t: TestApp;
  let alice: { token: string; user: { id: string } };

  const send = (payload: unknown, headers: Record<string, string> = {}, address = nextAddress()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/analytics/pageview',
      payload: payload as Record<string, unknown>,
      headers,
      remoteAddress: address,
    });
  const rows = () =>
    t.database.db.selectFrom('page_views').selectAll().orderBy('created_at').execute();
  const lastRow = async () => (await rows()).at(-1);

  beforeAll(async () => {
    t = await buildTestApp(kind);
    alice = await signedInUser(t.app, t.database.db, 'Alice');
  });
  afterAll(() => t.close());

  it('stores a visitor page view without a user and answers 204', async () => {
    const res = await send({ path: '/pricing' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await lastRow()).toMatchObject({ path: '/pricing', referrer: null, user_id: null });
  });

  it('drops the query string and fragment of the path and the referrer', async () => {
    const res = await send({
      path: '/verify-email?token=secret#top',
      referrer: 'https://search.example/results?q=grasp',
    });
    expect(res.statusCode).toBe(204);
    expect(await lastRow()).toMatchObject({
      path: '/verify-email',
      referrer: 'https://search.example/results',
    });
  });

  it('attaches the user of a valid bearer token', async () => {
    const res = await send(
      { path: '/user-dashboard', referrer: 'http://localhost:3000/dashboard' },
      { authorization: `Bearer ${alice.token}` },
    );
    expect(res.statusCode).toBe(204);
    expect(await lastRow()).toMatchObject({ path: '/user-dashboard', user_id: alice.user.id });
  });

  it('ignores an invalid token instead of answering 401', async () => {
    const res = await send({ path: '/' }, { authorization: 'Bearer not-a-real-token' });
    expect(res.statusCode).toBe(204);
    expect(await lastRow()).toMatchObject({ path: '/', user_id: null });
  });

  it.each([
    [{ path: 'pricing' }, 'path'],
    [{ path: '/has space' }, 'path'],
    [{ path: `/${'a'.repeat(300)}` }, 'path'],
    [{ path: '/', referrer: `https://x.example/${'r'.repeat(500)}` }, 'referrer'],
    [{}, 'path'],
  ])('refuses a bad page view %#', async (payload, field) => {
    const before = (await rows()).length;
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(res.json().message).toContain(field);
    expect((await rows()).length).toBe(before);
  });

  it('limits one address to 120 page views a minute', async () => {
    const address = nextAddress();
    for (let i = 0; i < 120; i++) {
      const res = await send({ path: `/p${i}` }, {}, address);
      expect(res.statusCode).toBe(204);
      expect(res.headers['x-ratelimit-remaining']).toBeUndefined();
    }
    const limited = await send({ path: '/one-too-many' }, {}, address);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['x-ratelimit-limit']).toBe('120');
    expect(limited.json().code).toBe('RATE_LIMITED');
  });
});
