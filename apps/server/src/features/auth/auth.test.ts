import { AUTH_MESSAGES, ERROR_MESSAGES, VALIDATION_MESSAGES } from '@grasp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  markVerified,
  nextAddress,
  register,
  registration,
  solveCaptcha,
  verificationTokenFromOutbox,
} from '../../test/auth-helpers.ts';
import { buildTestApp, TEST_SECRETS, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { manualClock } from '../../test/manual-clock.ts';
import { lockSeconds } from './login-throttle.ts';
import { createTokenSigner } from './tokens.ts';

const freshIp = nextAddress;

describe.each(TEST_DATABASES)('accounts on %s', (kind) => {
  let t: TestApp;
  const clock = manualClock();
  const login = (username: string, password: string, remoteAddress = freshIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password },
      remoteAddress,
    });

  beforeAll(async () => {
    t = await buildTestApp(kind, { clock });
  });
  afterAll(() => t.close());

  describe('registration', () => {
    it('registers, mails a verification link and opens a Free cycle', async () => {
      const res = await register(t.app, 'Alice');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: AUTH_MESSAGES.registered });
      expect(verificationTokenFromOutbox(t.dataDir, 'alice@example.com')).toMatch(/^[\w-]{40,}$/);
      const user = await t.database.db
        .selectFrom('users')
        .selectAll()
        .where('username', '=', 'Alice')
        .executeTakeFirstOrThrow();
      expect(user.pin_hash).toMatch(/^\$argon2id\$/);
      const cycle = await t.database.db
        .selectFrom('usage_cycles')
        .selectAll()
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(cycle).toMatchObject({ plan: 'free', unit_limit: 99, units_used: 0 });
    });

    it.each([
      [{ acceptTerms: false }, VALIDATION_MESSAGES.acceptTerms],
      [{ mobile: '' }, VALIDATION_MESSAGES.fillAllFields],
      [{ confirm_pin: '4321' }, VALIDATION_MESSAGES.pinsDoNotMatch],
      [{ email: 'nope' }, VALIDATION_MESSAGES.invalidEmail],
      [{ mobile: '12345' }, VALIDATION_MESSAGES.invalidMobile],
      [{ pin: '12', confirm_pin: '12' }, VALIDATION_MESSAGES.invalidPin],
    ])('re-checks the form rules (%o)', async (change, message) => {
      const res = await register(t.app, 'Rules', change);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    });

    it('requires a captcha', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: registration('NoCaptcha'),
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(VALIDATION_MESSAGES.captchaRequired);
    });

    it('refuses a forged captcha and a reused one', async () => {
      const forged = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          ...registration('Forger'),
          turnstileToken: Buffer.from('{"challenge":{}}').toString('base64'),
        },
        remoteAddress: freshIp(),
      });
      expect(forged.statusCode).toBe(400);
      expect(forged.json().message).toBe(ERROR_MESSAGES.captchaFailed);

      const token = await solveCaptcha(t.app);
      const check = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify-captcha',
        payload: { token },
      });
      expect(check.json()).toEqual({ success: true });
      const first = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { ...registration('Once'), turnstileToken: token },
        remoteAddress: freshIp(),
      });
      expect(first.statusCode).toBe(200);
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { ...registration('Twice'), turnstileToken: token },
        remoteAddress: freshIp(),
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(ERROR_MESSAGES.captchaFailed);
    });

    it('refuses a taken username or email in any case', async () => {
      await register(t.app, 'Bob');
      const sameName = await register(t.app, 'BOB', { email: 'other-bob@example.com' });
      expect(sameName.statusCode).toBe(409);
      expect(sameName.json().message).toBe(AUTH_MESSAGES.usernameTaken);
      const sameEmail = await register(t.app, 'Robert', { email: 'BOB@example.com' });
      expect(sameEmail.statusCode).toBe(409);
      expect(sameEmail.json().message).toBe(AUTH_MESSAGES.emailTaken);
    });

    it('creates one user when two registrations of one name race', async () => {
      const results = await Promise.all([
        register(t.app, 'Racer', { email: 'racer1@example.com' }),
        register(t.app, 'racer', { email: 'racer2@example.com' }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const rows = await t.database.db
        .selectFrom('users')
        .select('id')
        .where('username_key', '=', 'racer')
        .execute();
      expect(rows).toHaveLength(1);
    });
  });

  describe('email verification', () => {
    it('verifies once, then says already verified; unknown tokens are refused', async () => {
      await register(t.app, 'Vera');
      const token = verificationTokenFromOutbox(t.dataDir, 'vera@example.com');
      const verify = () =>
        t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}` });
      expect((await verify()).json()).toEqual({ success: true, message: AUTH_MESSAGES.verified });
      expect((await verify()).json()).toEqual({
        success: true,
        message: AUTH_MESSAGES.alreadyVerified,
      });
      const unknown = await t.app.inject({
        method: 'GET',
        url: '/api/auth/verify-email?token=nope',
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toBe(AUTH_MESSAGES.verificationUnknown);
    });

    it('refuses an expired token', async () => {
      await register(t.app, 'Late');
      const token = verificationTokenFromOutbox(t.dataDir, 'late@example.com');
      clock.advance(25 * 60 * 60 * 1000);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/auth/verify-email?token=${token}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(AUTH_MESSAGES.verificationExpired);
    });

    it('keeps an unverified user out until verified, and resends without revealing addresses', async () => {
      await register(t.app, 'Una', { pin: '5555', confirm_pin: '5555' });
      const refused = await login('una', '5555');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(AUTH_MESSAGES.emailNotVerified);
      const resend = (email: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/resend-verification',
          payload: { email },
          remoteAddress: freshIp(),
        });
      const known = await resend('una@example.com');
      const unknown = await resend('nobody@example.com');
      expect(known.json()).toEqual(unknown.json());
      const token = verificationTokenFromOutbox(t.dataDir, 'una@example.com');
      await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}` });
      expect((await login('UNA@example.com', '5555')).statusCode).toBe(200);
    });
  });

  describe('sign-in and sessions', () => {
    let token: string;
    beforeAll(async () => {
      await register(t.app, 'Carol', { pin: '2468', confirm_pin: '2468' });
      await markVerified(t.database.db, 'Carol');
    });

    it('signs in by username or email in any case', async () => {
      const res = await login('CAROL@EXAMPLE.COM', '2468');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.user).toMatchObject({ username: 'Carol', name: 'Carol Tester', plan: 'free' });
      expect(body.user.pin_hash).toBeUndefined();
      token = body.token;
      expect((await login('carol', '2468')).statusCode).toBe(200);
    });

    it('answers a wrong PIN and an unknown user alike', async () => {
      const wrong = await login('carol', '0000');
      const unknown = await login('nobody-here', '0000');
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json().message).toBe(ERROR_MESSAGES.invalidCredentials);
    });

    it('asks for both fields', async () => {
      const res = await login('carol', '');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(VALIDATION_MESSAGES.loginRequired);
    });

    it('gives the caller their units and nobody else’s', async () => {
      const own = await t.app.inject({
        method: 'GET',
        url: '/api/stats/units/carol',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(own.statusCode).toBe(200);
      expect(own.json()).toMatchObject({
        success: true,
        available_units: 99,
        user: { username: 'Carol' },
      });
      const other = await t.app.inject({
        method: 'GET',
        url: '/api/stats/units/Bob',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(other.statusCode).toBe(403);
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/stats/units/carol' });
      expect(anonymous.statusCode).toBe(401);
    });

    it('revokes the token at logout', async () => {
      const session = (await login('carol', '2468')).json().token as string;
      const headers = { authorization: `Bearer ${session}` };
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers })).statusCode,
      ).toBe(200);
      const after = await t.app.inject({ method: 'GET', url: '/api/stats/units/carol', headers });
      expect(after.statusCode).toBe(401);
    });

    it('refuses a token signed with our key whose claims are no ids of ours', async () => {
      const signer = createTokenSigner(TEST_SECRETS.jwtSecret);
      for (const claims of [
        { userId: 'user\u0000', sessionId: 'session' },
        { userId: 'user', sessionId: 'a\u0000b' },
        { userId: 'user', sessionId: 'x'.repeat(65) },
      ]) {
        const token = await signer.sign(claims, clock.now());
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/stats/units/carol',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
      }
    });

    it('expires a token four hours after sign-in, though its user was just read', async () => {
      const session = (await login('carol', '2468')).json().token as string;
      const units = () =>
        t.app.inject({
          method: 'GET',
          url: '/api/stats/units/carol',
          headers: { authorization: `Bearer ${session}` },
        });
      clock.advance(4 * 60 * 60 * 1000 - 1000);
      expect((await units()).statusCode).toBe(200);
      clock.advance(2000);
      expect((await units()).statusCode).toBe(401);
    });
  });

  describe('PIN throttling', () => {
    beforeAll(async () => {
      await register(t.app, 'Dave', { pin: '1357', confirm_pin: '1357' });
      await markVerified(t.database.db, 'Dave');
    });

    it('locks after 5 wrong PINs and refuses even the right PIN during the wait', async () => {
      for (let i = 0; i < 5; i++) expect((await login('dave', '0000')).statusCode).toBe(401);
      const locked = await login('dave', '1357');
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toMatch(/try again in 1 minute/);
      clock.advance(61_000);
      expect((await login('dave', '1357')).statusCode).toBe(200);
    });

    it('never lets the right PIN through during the back-off of 20 wrong PINs', async () => {
      clock.advance(60 * 60 * 1000);
      await login('dave', '1357');
      for (let attempt = 1; attempt <= 20; attempt++) {
        expect((await login('dave', '0000')).statusCode).toBe(401);
        const wait = lockSeconds(attempt);
        if (wait === 0) continue;
        expect((await login('dave', '1357')).statusCode).toBe(429);
        clock.advance((wait * 1000) / 2);
        expect((await login('dave', '1357')).statusCode).toBe(429);
        clock.advance((wait * 1000) / 2 + 1000);
      }
      expect((await login('dave', '1357')).statusCode).toBe(200);
    });

    it('checks at most 5 of 20 parallel guesses', async () => {
      await register(t.app, 'Erin', { pin: '8642', confirm_pin: '8642' });
      await markVerified(t.database.db, 'Erin');
      const results = await Promise.all(Array.from({ length: 20 }, () => login('erin', '0000')));
      const checked = results.filter((r) => r.statusCode === 401).length;
      expect(checked).toBeLessThanOrEqual(5);
      expect(results.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
    });

    it('locks unknown names the same way, so a lock reveals nothing', async () => {
      for (let i = 0; i < 5; i++) await login('ghost-user', '0000');
      const res = await login('ghost-user', '0000');
      expect(res.statusCode).toBe(429);
      expect(res.json().code).toBe('RATE_LIMITED');
    });
  });
});
