import { DEVICE_COOKIE } from '@grasp/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nextAddress, signedInUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { manualClock } from '../../test/manual-clock.ts';
import { recordingMailer } from '../../test/recording-mailer.ts';
import { bearer, person, sudo } from '../admin/admin-test-helpers.ts';

/**
 * Whose wrong PINs count where (DESIGN.md §14; issue 50): a signed-in session's confirmations
 * are counted for that session, strangers' guesses at the username never refuse them; a reset
 * or change forgets the trusted devices; and an account's devices and sessions together never
 * get past NIST's 100 wrong PINs, whatever RATE_LIMIT_SCALE says.
 */
describe.each(TEST_DATABASES)('PIN budgets on %s', (kind) => {
  const login = (app: TestApp, username: string, pin: string, device?: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password: pin },
      remoteAddress: nextAddress(),
      cookies: device ? { [DEVICE_COOKIE]: device } : {},
    });
  const deviceOf = (res: { cookies: { name: string; value: string }[] }) =>
    res.cookies.find((c) => c.name === DEVICE_COOKIE)?.value ?? '';
  const changePin = (app: TestApp, token: string, currentPin: string, pin: string) =>
    app.app.inject({
      method: 'PUT',
      url: '/api/me/pin',
      headers: bearer(token),
      payload: { currentPin, pin, confirm_pin: pin },
    });

  describe('at the shipped limits', () => {
    let t: TestApp;
    const clock = manualClock();
    const mailer = recordingMailer();
    beforeAll(async () => {
      t = await buildTestApp(kind, { clock, mailer });
    });
    afterAll(() => t.close());

    it('counts strangers’ guesses apart from a signed-in session’s confirmations', async () => {
      const admin = await person(t.app, t.database.db, 'Ada', 'admin');
      for (let i = 0; i < 6; i++) await login(t, 'ada', '0000');
      expect((await login(t, 'ada', '1234')).statusCode).toBe(429);
      expect((await sudo(t.app, admin)).statusCode).toBe(204);
    });

    it('still limits the session’s own wrong PINs', async () => {
      const { token } = await signedInUser(t.app, t.database.db, 'Bob', '1234');
      const answers: number[] = [];
      for (let i = 0; i < 6; i++)
        answers.push((await changePin(t, token, '0000', '5678')).statusCode);
      expect(answers.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(answers[5]).toBe(429);
      expect((await changePin(t, token, '1234', '5678')).statusCode).toBe(429);
      // Another session of the owner is not locked by this one's guesses.
      const other = (await login(t, 'bob', '1234')).json().token as string;
      expect((await changePin(t, other, '1234', '5678')).statusCode).toBe(200);
    });

    it('forgets every trusted device on a PIN reset', async () => {
      await signedInUser(t.app, t.database.db, 'Cyd', '1234');
      const devices: string[] = [];
      for (let i = 0; i < 5; i++) devices.push(deviceOf(await login(t, 'cyd', '1234')));
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-pin',
        payload: { identifier: 'cyd' },
        remoteAddress: nextAddress(),
      });
      const link = await vi.waitFor(() => mailer.link('cyd@example.com', '/reset-pin'));
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-pin',
        payload: { token: link, pin: '2468', confirm_pin: '2468' },
      });
      expect(reset.statusCode).toBe(200);
      // The old cookies share the account's budget now: five wrong PINs in all, not five each.
      let wrong = 0;
      for (const device of devices) {
        for (let i = 0; i < 5; i++) {
          if ((await login(t, 'cyd', '0000', device)).statusCode === 401) wrong++;
        }
      }
      expect(wrong).toBe(5);
      expect((await login(t, 'cyd', '2468', devices[0])).statusCode).toBe(429);
    });

    it('forgets every trusted device on a PIN change', async () => {
      const { token } = await signedInUser(t.app, t.database.db, 'Dee', '1234');
      const old = deviceOf(await login(t, 'dee', '1234'));
      expect((await changePin(t, token, '1234', '8642')).statusCode).toBe(200);
      for (let i = 0; i < 5; i++) expect((await login(t, 'dee', '0000')).statusCode).toBe(401);
      // Once trusted, this cookie would have its own budget and get in.
      expect((await login(t, 'dee', '8642', old)).statusCode).toBe(429);
    });
  });

  describe('with RATE_LIMIT_SCALE at 100', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(kind, { env: { RATE_LIMIT_SCALE: '100' } });
    });
    afterAll(() => t.close());

    it('lets 100 strangers’ wrong PINs never refuse the owner’s sudo, and no more than 100', async () => {
      const admin = await person(t.app, t.database.db, 'Eve', 'admin');
      let wrong = 0;
      for (let i = 0; i < 105; i++) {
        if ((await login(t, 'eve', '0000')).statusCode === 401) wrong++;
      }
      expect(wrong).toBe(100);
      expect((await login(t, 'eve', '1234')).statusCode).toBe(429);
      expect((await sudo(t.app, admin)).statusCode).toBe(204);
      const pin = await t.app.inject({
        method: 'PUT',
        url: '/api/me/pin',
        headers: bearer(admin.token),
        payload: { currentPin: '1234', pin: '1234', confirm_pin: '1234' },
      });
      expect(pin.statusCode).toBe(200);
    }, 60_000);

    it('lets all of an account’s devices and sessions together pass no more than 100', async () => {
      const { token } = await signedInUser(t.app, t.database.db, 'Fox', '1234');
      const devices: string[] = [];
      for (let i = 0; i < 3; i++) devices.push(deviceOf(await login(t, 'fox', '1234')));
      let wrong = 0;
      for (const device of devices) {
        for (let i = 0; i < 40; i++) {
          if ((await login(t, 'fox', '0000', device)).statusCode === 401) wrong++;
        }
      }
      for (let i = 0; i < 10; i++) {
        if ((await changePin(t, token, '0000', '5678')).statusCode === 401) wrong++;
      }
      expect(wrong).toBe(100);
      const lastDevice = devices.at(-1);
      expect((await login(t, 'fox', '1234', lastDevice)).statusCode).toBe(429);
    }, 60_000);
  });
});
