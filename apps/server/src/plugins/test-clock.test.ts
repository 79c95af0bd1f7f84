import { afterEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { manualClock } from '../test/manual-clock.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('the test clock', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('is absent by default: no route, nothing in the API document', async () => {
    t = await buildTestApp('sqlite');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/clock',
      payload: { offsetMs: DAY },
    });
    expect(res.statusCode).toBe(404);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).not.toContain('/api/test/clock');
  });

  it('with TEST_CLOCK=true, moves the clock every service reads', async () => {
    const clock = manualClock('2026-05-04T08:00:00.000Z');
    t = await buildTestApp('sqlite', { clock, env: { TEST_CLOCK: 'true' } });
    const move = (offsetMs: number) =>
      t?.app.inject({ method: 'POST', url: '/api/test/clock', payload: { offsetMs } });
    const res = await move(3 * DAY);
    expect(res?.statusCode).toBe(200);
    expect(res?.json()).toEqual({ now: '2026-05-07T08:00:00.000Z', offsetMs: 3 * DAY });
    expect((await move(0))?.json().now).toBe('2026-05-04T08:00:00.000Z');
    expect((await move(400 * DAY))?.statusCode).toBe(400);

    // The services read it too: a session ends four hours later on the moved clock.
    const { token } = await signedInUser(t.app, t.database.db, 'Tess');
    const recaps = () =>
      t?.app.inject({
        method: 'GET',
        url: '/api/learning/recaps',
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await recaps())?.statusCode).toBe(200);
    await move(5 * 60 * 60 * 1000);
    expect((await recaps())?.statusCode).toBe(401);
  });
});
