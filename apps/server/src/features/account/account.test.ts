import { ACCOUNT_MESSAGES, DEVICE_COOKIE, VALIDATION_MESSAGES } from '@grasp/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nextAddress, signedInUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { manualClock } from '../../test/manual-clock.ts';
import { recordingMailer } from '../../test/recording-mailer.ts';

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describe.each(TEST_DATABASES)('the account on %s', (kind) => {
  let t: TestApp;
  const clock = manualClock();
  const mailer = recordingMailer();
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const login = (username: string, password: string, cookies: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password },
      remoteAddress: nextAddress(),
      headers: { 'user-agent': CHROME_ANDROID },
      cookies,
    });
  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/me/sessions', headers: bearer(token) });

  beforeAll(async () => {
    t = await buildTestApp(kind, { clock, mailer });
  });
  afterAll(() => t.close());

  describe('forgotten PIN', () => {
    const forgot = (identifier: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-pin',
        payload: { identifier },
        remoteAddress: nextAddress(),
      });
    /** The link is made and mailed after the answer: its token, once it is there. */
    const mailedToken = (address: string) => vi.waitFor(() => mailer.link(address, '/reset-pin'));
    const reset = (token: string, pin = '5555', confirm = pin) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-pin',
        payload: { token, pin, confirm_pin: confirm },
      });

    it('answers 202 with the same body whether or not the account exists', async () => {
      await signedInUser(t.app, t.database.db, 'Fay');
      const known = await forgot('fay');
      const unknown = await forgot('nobody-here');
      const byEmail = await forgot('FAY@example.com');
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(unknown.body).toBe(known.body);
      expect(byEmail.body).toBe(known.body);
      expect(known.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.resetRequested });
      await vi.waitFor(() =>
        expect(
          mailer.to('fay@example.com').filter((m) => m.text.includes('/reset-pin?')),
        ).toHaveLength(2),
      );
      expect((await forgot('  ')).statusCode).toBe(400);
    });

    it('stores only a hash of the token', async () => {
      const token = mailer.link('fay@example.com', '/reset-pin');
      const rows = await t.database.db.selectFrom('pin_reset_tokens').selectAll().execute();
      expect(rows.some((r) => r.token_hash === token)).toBe(false);
      expect(JSON.stringify(rows)).not.toContain(token);
    });

    it('mails an account at most 3 links an hour, and says the same', async () => {
      await signedInUser(t.app, t.database.db, 'Gus');
      const before = mailer.to('gus@example.com').length;
      for (let i = 0; i < 5; i++) expect((await forgot('gus')).statusCode).toBe(202);
      await vi.waitFor(() => expect(mailer.to('gus@example.com').length - before).toBe(3));
      // None of the refused ones comes late.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(mailer.to('gus@example.com').length - before).toBe(3);
      clock.advance(60 * 60 * 1000 + 1000);
      await forgot('gus');
      await vi.waitFor(() => expect(mailer.to('gus@example.com').length - before).toBe(4));
    });

    it('resets once: every session ends, nobody is signed in, the new PIN works', async () => {
      const { token: session } = await signedInUser(t.app, t.database.db, 'Hal', '1234');
      await forgot('hal');
      const link = await mailedToken('hal@example.com');
      expect((await reset(link, '5555', '5556')).json().message).toBe(
        VALIDATION_MESSAGES.pinsDoNotMatch,
      );
      const ok = await reset(link, '5555');
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.pinReset });
      expect(ok.json()).not.toHaveProperty('token');
      expect((await me(session)).statusCode).toBe(401);
      expect((await login('hal', '1234')).statusCode).toBe(401);
      expect((await login('hal', '5555')).statusCode).toBe(200);
      expect(mailer.to('hal@example.com').at(-1)?.subject).toMatch(/PIN was changed/);
      const reused = await reset(link, '7777');
      expect(reused.statusCode).toBe(400);
      expect(reused.json().code).toBe('INVALID_TOKEN');
    });

    it('refuses unknown and expired links with INVALID_TOKEN', async () => {
      expect((await reset('not-a-token')).json().code).toBe('INVALID_TOKEN');
      expect((await reset('')).json().code).toBe('INVALID_TOKEN');
      await signedInUser(t.app, t.database.db, 'Ida');
      await forgot('ida');
      const link = await mailedToken('ida@example.com');
      clock.advance(30 * 60 * 1000 + 1000);
      const expired = await reset(link);
      expect(expired.statusCode).toBe(400);
      expect(expired.json().code).toBe('INVALID_TOKEN');
    });

    it('clears the account’s lockouts', async () => {
      await signedInUser(t.app, t.database.db, 'Jon', '1234');
      for (let i = 0; i < 6; i++) await login('jon', '0000');
      expect((await login('jon', '1234')).statusCode).toBe(429);
      await forgot('jon');
      await reset(await mailedToken('jon@example.com'), '4321');
      expect((await login('jon', '4321')).statusCode).toBe(200);
    });
  });

  describe('PIN, email and profile', () => {
    it('changes the PIN with the current one; other sessions end, this one stays', async () => {
      const first = await signedInUser(t.app, t.database.db, 'Kim', '1234');
      const other = (await login('kim', '1234')).json().token as string;
      const change = (currentPin: string) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/me/pin',
          headers: bearer(first.token),
          payload: { currentPin, pin: '9876', confirm_pin: '9876' },
        });
      const wrong = await change('0000');
      expect(wrong.statusCode).toBe(401);
      expect((await me(first.token)).statusCode).toBe(200);
      // Counted for this session (DESIGN.md §14), not the account's shared budget.
      const failures = await t.database.db
        .selectFrom('login_failures')
        .select('key')
        .where('key', 'like', `session:${first.user.id}:%`)
        .execute();
      expect(failures).toHaveLength(1);
      expect((await change('1234')).statusCode).toBe(200);
      expect((await me(first.token)).statusCode).toBe(200);
      expect((await me(other)).statusCode).toBe(401);
      expect((await login('kim', '9876')).statusCode).toBe(200);
      expect(mailer.to('kim@example.com').at(-1)?.subject).toMatch(/PIN was changed/);
    });

    it('changes the email once the new address confirms; the old one is told', async () => {
      const { token } = await signedInUser(t.app, t.database.db, 'Lea', '1234');
      const ask = (email: string, pin = '1234') =>
        t.app.inject({
          method: 'PUT',
          url: '/api/me/email',
          headers: bearer(token),
          payload: { pin, email },
        });
      expect((await ask('lea-new@example.com', '0000')).statusCode).toBe(401);
      expect((await ask('nope')).json().message).toBe(VALIDATION_MESSAGES.invalidEmail);
      const asked = await ask('Lea-New@example.com');
      expect(asked.statusCode).toBe(202);
      expect(mailer.to('lea@example.com').at(-1)?.text).toContain('Lea-New@example.com');
      const link = mailer.link('lea-new@example.com', '/confirm-email');
      const confirm = (value: string) =>
        t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token: value } });
      expect((await confirm(link)).statusCode).toBe(200);
      expect((await confirm(link)).json().code).toBe('INVALID_TOKEN');
      expect((await login('lea-new@example.com', '1234')).statusCode).toBe(200);
      expect(mailer.to('lea@example.com').at(-1)?.subject).toMatch(/email address was changed/);
    });

    it('refuses a taken address (409 EMAIL_TAKEN), also when taken meanwhile, and old links', async () => {
      const { token } = await signedInUser(t.app, t.database.db, 'Max', '1234');
      const ask = (email: string) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/me/email',
          headers: bearer(token),
          payload: { pin: '1234', email },
        });
      const taken = await ask('KIM@example.com');
      expect(taken.statusCode).toBe(409);
      expect(taken.json().code).toBe('EMAIL_TAKEN');
      await ask('max-later@example.com');
      const link = mailer.link('max-later@example.com', '/confirm-email');
      await signedInUser(t.app, t.database.db, 'Nia', '1234', { email: 'max-later@example.com' });
      const confirm = await t.app.inject({
        method: 'POST',
        url: '/api/auth/confirm-email',
        payload: { token: link },
      });
      expect(confirm.statusCode).toBe(409);
      expect(confirm.json().code).toBe('EMAIL_TAKEN');
      await ask('max-two@example.com');
      const expiring = mailer.link('max-two@example.com', '/confirm-email');
      clock.advance(24 * 60 * 60 * 1000 + 1000);
      const expired = await t.app.inject({
        method: 'POST',
        url: '/api/auth/confirm-email',
        payload: { token: expiring },
      });
      expect(expired.json().code).toBe('INVALID_TOKEN');
    });

    it('changes the name and mobile under the registration rules', async () => {
      const { token } = await signedInUser(t.app, t.database.db, 'Ola', '1234');
      const patch = (payload: object) =>
        t.app.inject({ method: 'PATCH', url: '/api/me', headers: bearer(token), payload });
      expect((await patch({ mobile: '12345' })).json().message).toBe(
        VALIDATION_MESSAGES.invalidMobile,
      );
      expect((await patch({ fullName: '   ' })).statusCode).toBe(400);
      expect((await patch({})).statusCode).toBe(400);
      const ok = await patch({ fullName: '  Ola Nordmann ', mobile: '9123456789' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().user).toMatchObject({ fullName: 'Ola Nordmann', mobile: '9123456789' });
      expect(ok.json().user).not.toHaveProperty('pin_hash');
      expect(mailer.to('ola@example.com').at(-1)?.text).toContain('name and mobile number');
    });
  });

  describe('recovery outlasts an attacker', () => {
    const forgot = (identifier: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-pin',
        payload: { identifier },
        remoteAddress: nextAddress(),
      });
    const reset = (token: string, pin = '5555') =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-pin',
        payload: { token, pin, confirm_pin: pin },
      });
    const confirm = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } });
    const askEmail = (token: string, email: string, pin = '1234') =>
      t.app.inject({
        method: 'PUT',
        url: '/api/me/email',
        headers: bearer(token),
        payload: { pin, email },
      });

    it('a reset ends the email change an attacker asked for', async () => {
      const { token } = await signedInUser(t.app, t.database.db, 'Abe', '1234');
      expect((await askEmail(token, 'abe-thief@example.com')).statusCode).toBe(202);
      const thiefLink = mailer.link('abe-thief@example.com', '/confirm-email');
      await forgot('abe');
      const resetLink = await vi.waitFor(() => mailer.link('abe@example.com', '/reset-pin'));
      expect((await reset(resetLink)).statusCode).toBe(200);
      const late = await confirm(thiefLink);
      expect(late.statusCode).toBe(400);
      expect(late.json().code).toBe('INVALID_TOKEN');
      expect((await login('abe-thief@example.com', '5555')).statusCode).toBe(401);
    });

    it('a PIN change ends outstanding reset and email-change links', async () => {
      const { token } = await signedInUser(t.app, t.database.db, 'Bea', '1234');
      await askEmail(token, 'bea-thief@example.com');
      const thiefLink = mailer.link('bea-thief@example.com', '/confirm-email');
      await forgot('bea');
      const resetLink = await vi.waitFor(() => mailer.link('bea@example.com', '/reset-pin'));
      const change = await t.app.inject({
        method: 'PUT',
        url: '/api/me/pin',
        headers: bearer(token),
        payload: { currentPin: '1234', pin: '8642', confirm_pin: '8642' },
      });
      expect(change.statusCode).toBe(200);
      expect((await confirm(thiefLink)).json().code).toBe('INVALID_TOKEN');
      expect((await reset(resetLink)).json().code).toBe('INVALID_TOKEN');
      expect((await login('bea', '8642')).statusCode).toBe(200);
    });

    it('an email change ends a reset link mailed to the old address', async () => {
      const { token } = await signedInUser(t.app, t.database.db, 'Cal', '1234');
      await forgot('cal');
      const oldReset = await vi.waitFor(() => mailer.link('cal@example.com', '/reset-pin'));
      await askEmail(token, 'cal-new@example.com');
      expect((await confirm(mailer.link('cal-new@example.com', '/confirm-email'))).statusCode).toBe(
        200,
      );
      const dead = await reset(oldReset);
      expect(dead.statusCode).toBe(400);
      expect(dead.json().code).toBe('INVALID_TOKEN');
      expect((await login('cal-new@example.com', '1234')).statusCode).toBe(200);
    });
  });

  describe('sessions', () => {
    it('lists sessions in words with this one marked, and ends one or all others', async () => {
      const first = await signedInUser(t.app, t.database.db, 'Pia', '1234');
      const second = (await login('pia', '1234')).json().token as string;
      const third = (await login('pia', '1234')).json().token as string;
      const list = await me(second);
      expect(list.statusCode).toBe(200);
      const { sessions } = list.json() as {
        sessions: { id: string; current: boolean; device: string; lastSeenAt: string }[];
      };
      expect(sessions).toHaveLength(3);
      expect(sessions.filter((s) => s.current)).toHaveLength(1);
      expect(sessions.find((s) => s.current)?.device).toBe('Chrome on Android');
      const firstId = sessions.find((s) => !s.current && s.device === 'Unknown device')?.id;
      expect(firstId).toBeDefined();
      const end = await t.app.inject({
        method: 'DELETE',
        url: `/api/me/sessions/${firstId}`,
        headers: bearer(second),
      });
      expect(end.statusCode).toBe(204);
      expect((await me(first.token)).statusCode).toBe(401);
      expect((await me(third)).statusCode).toBe(200);
      const all = await t.app.inject({
        method: 'DELETE',
        url: '/api/me/sessions',
        headers: bearer(second),
      });
      expect(all.statusCode).toBe(204);
      expect((await me(third)).statusCode).toBe(401);
      expect((await me(second)).json().sessions).toHaveLength(1);
    });

    it('answers 404 for another account’s session and for one already ended', async () => {
      const mine = await signedInUser(t.app, t.database.db, 'Quin', '1234');
      const theirs = await signedInUser(t.app, t.database.db, 'Rex', '1234');
      const theirId = (await me(theirs.token)).json().sessions[0].id as string;
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/me/sessions/${theirId}`,
        headers: bearer(mine.token),
      });
      expect(res.statusCode).toBe(404);
      expect((await me(theirs.token)).statusCode).toBe(200);
      const unknown = await t.app.inject({
        method: 'DELETE',
        url: '/api/me/sessions/00000000-0000-7000-8000-000000000000',
        headers: bearer(mine.token),
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('writes the last-seen time every few minutes, not on every request', async () => {
      const { token, user } = await signedInUser(t.app, t.database.db, 'Sam', '1234');
      const seen = async () =>
        (
          await t.database.db
            .selectFrom('sessions')
            .select('last_seen_at')
            .where('user_id', '=', user.id)
            .executeTakeFirstOrThrow()
        ).last_seen_at;
      await me(token);
      const first = await seen();
      clock.advance(60_000);
      await me(token);
      expect(await seen()).toBe(first);
      clock.advance(5 * 60_000);
      await me(token);
      await expect.poll(seen).not.toBe(first);
    });
  });

  describe('nobody can lock the owner out', () => {
    it('sets an HttpOnly, signed, strict device cookie on sign-in', async () => {
      await signedInUser(t.app, t.database.db, 'Tia', '1234');
      const res = await login('tia', '1234');
      const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
      expect(cookie?.maxAge).toBe(365 * 24 * 60 * 60);
      expect(cookie?.value).toContain('.');
    });

    it('lets the owner’s device in while guesses lock everyone else out', async () => {
      await signedInUser(t.app, t.database.db, 'Uma', '2468');
      const owner = (await login('uma', '2468')).cookies.find((c) => c.name === DEVICE_COOKIE);
      const device = { [DEVICE_COOKIE]: owner?.value ?? '' };
      // Hours of an attacker's guesses without a device cookie, as fast as the lock allows.
      for (let hour = 0; hour < 6; hour++) {
        for (let i = 0; i < 6; i++) await login('uma', '0000');
        expect((await login('uma', '2468')).statusCode).toBe(429);
        expect((await login('uma', '2468', device)).statusCode).toBe(200);
        // A forged cookie is no device of the account's.
        expect((await login('uma', '2468', { [DEVICE_COOKIE]: 'forged.value' })).statusCode).toBe(
          429,
        );
        clock.advance(60 * 60 * 1000);
      }
    }, 120_000);

    it('counts a device’s own wrong PINs for that device alone', async () => {
      await signedInUser(t.app, t.database.db, 'Vic', '1357');
      const cookieOf = async () =>
        (await login('vic', '1357')).cookies.find((c) => c.name === DEVICE_COOKIE)?.value ?? '';
      const phone = { [DEVICE_COOKIE]: await cookieOf() };
      const laptop = { [DEVICE_COOKIE]: await cookieOf() };
      for (let i = 0; i < 5; i++) expect((await login('vic', '0000', phone)).statusCode).toBe(401);
      expect((await login('vic', '1357', phone)).statusCode).toBe(429);
      expect((await login('vic', '1357', laptop)).statusCode).toBe(200);
      expect((await login('vic', '1357')).statusCode).toBe(200);
    });

    it('lets failures age out of a sliding day: the lock always ends', async () => {
      await signedInUser(t.app, t.database.db, 'Wes', '1357');
      let wrong = 0;
      while (wrong < 30) {
        const res = await login('wes', '0000');
        if (res.statusCode === 401) wrong++;
        else clock.advance(60 * 60 * 1000);
      }
      expect((await login('wes', '1357')).statusCode).toBe(429);
      clock.advance(60 * 60 * 1000 + 1000);
      expect((await login('wes', '1357')).statusCode).toBe(200);
      for (let i = 0; i < 30; i++) {
        const res = await login('wes', '0000');
        if (res.statusCode === 429) clock.advance(60 * 60 * 1000);
      }
      clock.advance(24 * 60 * 60 * 1000 + 1000);
      for (let i = 0; i < 4; i++) expect((await login('wes', '0000')).statusCode).toBe(401);
      expect((await login('wes', '1357')).statusCode).toBe(200);
    }, 120_000);
  });
});
