import { DEVICE_COOKIE } from '@grasp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress, signedInUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { manualClock } from '../../test/manual-clock.ts';
import { recordingMailer } from '../../test/recording-mailer.ts';
import { bearer, person, sudo } from '../admin/admin-test-helpers.ts';

/**
 * Whose wrong PINs count where (DESIGN.md §14; issue 50): a signed-in session's confirmations
 * are counted for that session, strangers' guesses at the username never refuse them.
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
  });
});
