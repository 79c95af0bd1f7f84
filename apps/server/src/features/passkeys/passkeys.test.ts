import {
  AUTH_MESSAGES,
  type CreatedPasskey,
  DEVICE_COOKIE,
  type LoginResponse,
  PASSKEY_ERROR_CODES,
  PASSKEY_MESSAGES,
  PASSKEYS_PER_ACCOUNT,
  type PasskeyChallenge,
  type PasskeyList,
} from '@grasp/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nextAddress, signedInUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { manualClock } from '../../test/manual-clock.ts';
import {
  type AssertionOverrides,
  type CeremonyOverrides,
  createSoftwareAuthenticator,
  type SoftwareAuthenticator,
} from '../../test/software-authenticator.ts';
import { capturingMailer } from '../reminders/reminder-fixtures.ts';
import { CHALLENGE_LIFETIME_MS } from './passkey-challenges.ts';
import { createPasskeysService } from './passkeys.service.ts';
import { relyingPartyOf } from './relying-party.ts';
import { userHandleOf } from './webauthn.ts';

const ORIGIN = 'http://localhost:3000';

interface RegistrationOptions {
  options: {
    challenge: string;
    rp: { id: string; name: string };
    user: { id: string; name: string; displayName: string };
    excludeCredentials: { id: string }[];
    authenticatorSelection: { residentKey: string; userVerification: string };
  };
}

describe.each(TEST_DATABASES)('passkeys on %s', (kind) => {
  let t: TestApp;
  const clock = manualClock('2026-11-27T10:00:00.000Z');
  const mailer = capturingMailer();

  beforeAll(async () => {
    t = await buildTestApp(kind, { clock, mailer });
  });
  afterAll(() => t.close());

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: token ? auth(token) : {},
      remoteAddress: nextAddress(),
    });

  async function learner(name: string) {
    const login = await signedInUser(t.app, t.database.db, name);
    return { ...login, authenticator: createSoftwareAuthenticator(ORIGIN) };
  }

  async function registrationOptions(token: string) {
    const res = await post('/api/me/passkeys/options', { pin: '1234' }, token);
    expect(res.statusCode).toBe(200);
    return res.json<RegistrationOptions>().options;
  }

  async function addPasskey(
    user: { token: string; authenticator: SoftwareAuthenticator },
    overrides: CeremonyOverrides = {},
    name?: string,
  ) {
    const options = await registrationOptions(user.token);
    const response = user.authenticator.create(options, overrides);
    return post('/api/me/passkeys', { response, ...(name ? { name } : {}) }, user.token);
  }

  async function signInOptions() {
    const res = await post('/api/auth/passkey/options', {});
    expect(res.statusCode).toBe(200);
    return res.json<PasskeyChallenge>();
  }

  async function signIn(
    authenticator: SoftwareAuthenticator,
    overrides: AssertionOverrides = {},
    credentialId?: string,
  ) {
    const { challengeId, options } = await signInOptions();
    const response = authenticator.get(options, credentialId, overrides);
    return post('/api/auth/passkey', { challengeId, response });
  }

  const list = async (token: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/me/passkeys',
      headers: auth(token),
    });
    expect(res.statusCode).toBe(200);
    return res.json<PasskeyList>().passkeys;
  };

  const expectRefusal = (
    res: { statusCode: number; json: () => unknown },
    status: number,
    code: string,
  ) => {
    expect({ status: res.statusCode, body: res.json() }).toMatchObject({
      status,
      body: { success: false, code },
    });
  };

  it('adds a discoverable passkey, mails the account, and signs in with it like the PIN', async () => {
    const ada = await learner('pkAda');
    const options = await registrationOptions(ada.token);
    expect(options.rp).toEqual({ id: 'localhost', name: 'Grasp' });
    expect(options.user).toEqual({
      id: userHandleOf(ada.user.id),
      name: 'pkAda',
      displayName: 'pkAda Tester',
    });
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'preferred',
    });
    expect(options.excludeCredentials).toEqual([]);

    const response = ada.authenticator.create(options);
    const added = await post('/api/me/passkeys', { response, name: ' Work laptop ' }, ada.token);
    expect(added.statusCode).toBe(201);
    const created = added.json<CreatedPasskey>();
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Work laptop',
      createdAt: '2026-11-27T10:00:00.000Z',
    });
    const notice = mailer.sent.filter((m) => m.to === 'pkada@example.com').at(-1);
    expect(notice?.subject).toBe('A passkey was added to your Grasp account');
    expect(notice?.text).toContain('"Work laptop"');
    expect(notice?.text).toContain('http://localhost:3000/account');

    const again = await registrationOptions(ada.token);
    expect(again.excludeCredentials.map((c) => c.id)).toEqual(ada.authenticator.credentialIds());

    const { challengeId, options: get } = await signInOptions();
    expect(get.rpId).toBe('localhost');
    expect(get.userVerification).toBe('preferred');
    expect(get.allowCredentials).toBeUndefined();
    clock.advance(60_000);
    const res = await post('/api/auth/passkey', {
      challengeId,
      response: ada.authenticator.get(get),
    });
    expect(res.statusCode).toBe(200);
    const login = res.json<LoginResponse>();
    expect(login).toMatchObject({
      success: true,
      message: AUTH_MESSAGES.loginSuccess,
      user: { id: ada.user.id, username: 'pkAda' },
    });
    expect(Object.keys(login.user)).not.toContain('pin_hash');
    // A real session: the token opens the signed-in routes, and logging out ends it.
    expect(await list(login.token)).toEqual([
      { ...created, lastUsedAt: '2026-11-27T10:01:00.000Z' },
    ]);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: auth(login.token),
    });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/me/passkeys',
      headers: auth(login.token),
    });
    expect(after.statusCode).toBe(401);
    const stored = await t.database.db
      .selectFrom('passkeys')
      .select(['counter', 'backed_up', 'transports'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect({ ...stored, counter: Number(stored.counter) }).toEqual({
      counter: 1,
      backed_up: 0,
      transports: '["internal"]',
    });
  });

  it('gives the browser the device cookie a right PIN gets, and names its session', async () => {
    const vera = await learner('pkVera');
    expect((await addPasskey(vera)).statusCode).toBe(201);
    const { challengeId, options } = await signInOptions();
    const userAgent =
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/passkey',
      payload: { challengeId, response: vera.authenticator.get(options) },
      headers: { 'user-agent': userAgent },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    const sessions = await t.app.inject({
      method: 'GET',
      url: '/api/me/sessions',
      headers: auth(res.json<LoginResponse>().token),
    });
    expect(sessions.json()).toMatchObject({
      sessions: expect.arrayContaining([
        expect.objectContaining({ current: true, device: 'Chrome on Android' }),
      ]),
    });

    // The account then trusts this device: guesses elsewhere do not lock it out of the PIN.
    const pinLogin = (password: string, cookies: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'pkVera', password },
        cookies,
        remoteAddress: nextAddress(),
      });
    for (let i = 0; i < 6; i++) await pinLogin('0000');
    expect((await pinLogin('1234')).statusCode).toBe(429);
    const device = { [DEVICE_COOKIE]: cookie?.value ?? '' };
    expect((await pinLogin('1234', device)).statusCode).toBe(200);

    // A browser that has its cookie keeps it.
    const again = await signInOptions();
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/passkey',
      payload: { challengeId: again.challengeId, response: vera.authenticator.get(again.options) },
      cookies: device,
      remoteAddress: nextAddress(),
    });
    expect(second.cookies.find((c) => c.name === DEVICE_COOKIE)?.value).toBe(cookie?.value);
  });

  it('names passkeys by number when no name is given, lists them oldest first', async () => {
    const bo = await learner('pkBo');
    expect((await addPasskey(bo)).json<CreatedPasskey>().name).toBe('Passkey 1');
    clock.advance(1000);
    expect((await addPasskey(bo)).json<CreatedPasskey>().name).toBe('Passkey 2');
    expect((await list(bo.token)).map((p) => p.name)).toEqual(['Passkey 1', 'Passkey 2']);
  });

  it('adds a passkey only with the PIN: none or a wrong one is 401, counted for the session', async () => {
    const kip = await learner('pkKip');
    const none = await post('/api/me/passkeys/options', {}, kip.token);
    expect(none.statusCode).toBe(401);
    const wrong = await post('/api/me/passkeys/options', { pin: '9999' }, kip.token);
    expect(wrong.statusCode).toBe(401);
    const failures = await t.database.db
      .selectFrom('login_failures')
      .select('key')
      .where('key', 'like', `session:${kip.user.id}:%`)
      .execute();
    expect(failures).toHaveLength(2);
    expect((await addPasskey(kip)).statusCode).toBe(201);
    // Five wrong PINs from a stolen session, then even the right one waits.
    for (let i = 0; i < 5; i++) await post('/api/me/passkeys/options', { pin: '0000' }, kip.token);
    const locked = await post('/api/me/passkeys/options', { pin: '1234' }, kip.token);
    expect(locked.statusCode).toBe(429);
  });

  it('lists the account’s passkeys in the mail after a PIN reset, and where to remove them', async () => {
    const lou = await learner('pkLou');
    expect((await addPasskey(lou, {}, 'Work laptop')).statusCode).toBe(201);
    expect((await addPasskey(lou, {}, 'Phone')).statusCode).toBe(201);
    await post('/api/auth/forgot-pin', { identifier: 'pkLou' });
    const linkMail = await vi.waitFor(() => {
      const found = mailer.sent.find(
        (m) => m.to === 'pklou@example.com' && m.text.includes('/reset-pin?token='),
      );
      if (!found) throw new Error('no reset link yet');
      return found;
    });
    expect(linkMail.text).toContain('Work laptop');
    expect(linkMail.text).toContain('Phone');
    const token = /reset-pin\?token=([A-Za-z0-9_-]+)/.exec(linkMail.text)?.[1] ?? '';
    const reset = await post('/api/auth/reset-pin', { token, pin: '2468', confirm_pin: '2468' });
    expect(reset.statusCode).toBe(200);
    const notice = await vi.waitFor(() => {
      const found = mailer.sent.find(
        (m) => m.to === 'pklou@example.com' && /PIN was changed/.test(m.subject),
      );
      if (!found) throw new Error('no notice yet');
      return found;
    });
    expect(notice.text).toContain('Work laptop');
    expect(notice.text).toContain('Phone');
    expect(notice.text).toContain('27 Nov 2026');
    expect(notice.text).toContain(`${ORIGIN}/account`);
    expect(notice.html).toContain('Work laptop');
  });

  it('needs a signed-in user for every /api/me/passkeys route', async () => {
    const anonymous = [
      ['POST', '/api/me/passkeys/options'],
      ['POST', '/api/me/passkeys'],
      ['GET', '/api/me/passkeys'],
      ['PATCH', '/api/me/passkeys/x'],
      ['DELETE', '/api/me/passkeys/x'],
    ] as const;
    const response = createSoftwareAuthenticator(ORIGIN).create({
      challenge: 'AAAA',
      rp: {},
      user: { id: 'x' },
    });
    for (const [method, url] of anonymous) {
      const payload = { response, name: 'Name' };
      const res = await t.app.inject({ method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  describe('adding refuses', () => {
    it('a challenge never issued, issued to another account, used or expired', async () => {
      const cy = await learner('pkCy');
      const dee = await learner('pkDee');
      const notIssued = await addPasskey(cy, { challenge: 'bm90LWlzc3VlZC1jaGFsbGVuZ2U' });
      expectRefusal(notIssued, 400, PASSKEY_ERROR_CODES.challenge);

      const deesOptions = await registrationOptions(dee.token);
      const stolen = cy.authenticator.create(deesOptions);
      expectRefusal(
        await post('/api/me/passkeys', { response: stolen }, cy.token),
        400,
        PASSKEY_ERROR_CODES.challenge,
      );
      // Another account's attempt did not use up Dee's challenge.
      const own = dee.authenticator.create(deesOptions);
      expect((await post('/api/me/passkeys', { response: own }, dee.token)).statusCode).toBe(201);
      const replay = dee.authenticator.create(deesOptions);
      expectRefusal(
        await post('/api/me/passkeys', { response: replay }, dee.token),
        400,
        PASSKEY_ERROR_CODES.challenge,
      );

      const options = await registrationOptions(cy.token);
      clock.advance(CHALLENGE_LIFETIME_MS);
      const late = await post(
        '/api/me/passkeys',
        { response: cy.authenticator.create(options) },
        cy.token,
      );
      expect(late.json()).toMatchObject({ message: PASSKEY_MESSAGES.expired });
      expect(await list(cy.token)).toEqual([]);
    });

    it('another origin or RP ID, and a credential another account added', async () => {
      const eve = await learner('pkEve');
      const fay = await learner('pkFay');
      const origin = await addPasskey(eve, { origin: 'https://grasp.evil.example' });
      expectRefusal(origin, 400, PASSKEY_ERROR_CODES.failed);
      expectRefusal(
        await addPasskey(eve, { rpId: 'evil.example' }),
        400,
        PASSKEY_ERROR_CODES.failed,
      );
      expectRefusal(
        await addPasskey(eve, { type: 'webauthn.get' }),
        400,
        PASSKEY_ERROR_CODES.failed,
      );

      expect((await addPasskey(fay)).statusCode).toBe(201);
      const [fays] = fay.authenticator.credentialIds();
      const taken = await addPasskey(eve, { credentialId: fays ?? '' });
      expectRefusal(taken, 409, PASSKEY_ERROR_CODES.exists);
      expect(await list(eve.token)).toEqual([]);
      // No notice for what was refused.
      const notices = mailer.sent.filter(
        (m) => m.to === 'pkeve@example.com' && m.subject.includes('passkey'),
      );
      expect(notices).toHaveLength(0);
    });

    it('malformed, oversized and misnamed bodies', async () => {
      const gus = await learner('pkGus');
      const options = await registrationOptions(gus.token);
      const response = gus.authenticator.create(options);
      const cases: object[] = [
        {},
        { response: { ...response, id: 'not base64url!' } },
        { response: { ...response, type: 'password' } },
        { response: { ...response, response: { ...response.response, clientDataJSON: '' } } },
        {
          response: {
            ...response,
            response: { ...response.response, attestationObject: 'A'.repeat(20_000) },
          },
        },
        { response, name: '   ' },
        { response, name: 'x'.repeat(65) },
      ];
      for (const payload of cases) {
        const res = await post('/api/me/passkeys', payload, gus.token);
        expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      }
      const garbage = {
        ...response,
        response: { ...response.response, clientDataJSON: 'bm90IGpzb24' },
      };
      expectRefusal(
        await post('/api/me/passkeys', { response: garbage }, gus.token),
        400,
        PASSKEY_ERROR_CODES.failed,
      );
      // The well-formed response still answers its challenge.
      expect((await post('/api/me/passkeys', { response }, gus.token)).statusCode).toBe(201);
    });

    it(`more than ${PASSKEYS_PER_ACCOUNT} passkeys on one account`, async () => {
      const hal = await learner('pkHal');
      for (let i = 0; i < PASSKEYS_PER_ACCOUNT; i++) {
        expect((await addPasskey(hal)).statusCode).toBe(201);
      }
      const res = await post('/api/me/passkeys/options', { pin: '1234' }, hal.token);
      expectRefusal(res, 409, PASSKEY_ERROR_CODES.tooMany);
    });
  });

  describe('signing in refuses', () => {
    let ida: Awaited<ReturnType<typeof learner>>;
    beforeAll(async () => {
      ida = await learner('pkIda');
      expect((await addPasskey(ida)).statusCode).toBe(201);
    });

    it('an unknown, used or expired challenge id', async () => {
      const unknown = await post('/api/auth/passkey', {
        challengeId: 'no-such-challenge',
        response: ida.authenticator.get({ challenge: 'AAAA' }),
      });
      expectRefusal(unknown, 400, PASSKEY_ERROR_CODES.challenge);

      const { challengeId, options } = await signInOptions();
      const first = await post('/api/auth/passkey', {
        challengeId,
        response: ida.authenticator.get(options),
      });
      expect(first.statusCode).toBe(200);
      const reused = await post('/api/auth/passkey', {
        challengeId,
        response: ida.authenticator.get(options),
      });
      expectRefusal(reused, 400, PASSKEY_ERROR_CODES.challenge);

      const late = await signInOptions();
      clock.advance(CHALLENGE_LIFETIME_MS + 1);
      const expired = await post('/api/auth/passkey', {
        challengeId: late.challengeId,
        response: ida.authenticator.get(late.options),
      });
      expectRefusal(expired, 400, PASSKEY_ERROR_CODES.challenge);
    });

    it('a response signed over another challenge, origin or RP ID, or with another key', async () => {
      const other = await signInOptions();
      const wrongChallenge = await signIn(ida.authenticator, {
        challenge: other.options.challenge,
      });
      expectRefusal(wrongChallenge, 401, PASSKEY_ERROR_CODES.failed);
      expectRefusal(
        await signIn(ida.authenticator, { origin: 'http://localhost:3001' }),
        401,
        PASSKEY_ERROR_CODES.failed,
      );
      expectRefusal(
        await signIn(ida.authenticator, { rpId: 'example.com' }),
        401,
        PASSKEY_ERROR_CODES.failed,
      );
      expectRefusal(
        await signIn(ida.authenticator, { type: 'webauthn.create' }),
        401,
        PASSKEY_ERROR_CODES.failed,
      );
      expectRefusal(
        await signIn(ida.authenticator, { wrongKey: true }),
        401,
        PASSKEY_ERROR_CODES.failed,
      );
      // The refused attempt with the "other" challenge id never came: it still works once.
      const res = await post('/api/auth/passkey', {
        challengeId: other.challengeId,
        response: ida.authenticator.get(other.options),
      });
      expect(res.statusCode).toBe(200);
    });

    it('a counter that did not move on (a cloned authenticator)', async () => {
      expect((await signIn(ida.authenticator, { counter: 50 })).statusCode).toBe(200);
      const replayed = await signIn(ida.authenticator, { counter: 50 });
      expectRefusal(replayed, 401, PASSKEY_ERROR_CODES.failed);
      expectRefusal(
        await signIn(ida.authenticator, { counter: 49 }),
        401,
        PASSKEY_ERROR_CODES.failed,
      );
      expect((await signIn(ida.authenticator, { counter: 51 })).statusCode).toBe(200);
    });

    it('a user handle that is not the credential’s owner', async () => {
      const jo = await learner('pkJo');
      const res = await signIn(ida.authenticator, { userHandle: userHandleOf(jo.user.id) });
      expectRefusal(res, 401, PASSKEY_ERROR_CODES.failed);
      // Without a user handle (a security key may keep none) the credential alone decides.
      const bare = await signIn(ida.authenticator, { userHandle: null });
      expect(bare.json<LoginResponse>().user.id).toBe(ida.user.id);
    });

    it('a credential nobody added, or one removed since', async () => {
      const stranger = createSoftwareAuthenticator(ORIGIN);
      stranger.create({ challenge: 'AAAA', rp: { id: 'localhost' }, user: { id: 'x' } });
      const unknown = await signIn(stranger);
      expectRefusal(unknown, 401, PASSKEY_ERROR_CODES.unknown);
      expect(unknown.json()).toMatchObject({ message: PASSKEY_MESSAGES.unknown });

      const kit = await learner('pkKit');
      const added = (await addPasskey(kit)).json<CreatedPasskey>();
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/me/passkeys/${added.id}`,
        headers: auth(kit.token),
      });
      expect(removed.statusCode).toBe(204);
      expectRefusal(await signIn(kit.authenticator), 401, PASSKEY_ERROR_CODES.unknown);
    });

    it('malformed bodies, before any work', async () => {
      const { challengeId, options } = await signInOptions();
      const response = ida.authenticator.get(options);
      const cases: object[] = [
        {},
        { challengeId },
        { challengeId, response: { ...response, type: 'x' } },
        { challengeId: 'c'.repeat(65), response },
        {
          challengeId,
          response: { ...response, response: { ...response.response, signature: '' } },
        },
        {
          challengeId,
          response: {
            ...response,
            response: { ...response.response, userHandle: 'u'.repeat(200) },
          },
        },
      ];
      for (const payload of cases) {
        expect((await post('/api/auth/passkey', payload)).statusCode).toBe(400);
      }
      expect((await post('/api/auth/passkey', { challengeId, response })).statusCode).toBe(200);
    });
  });

  it('renames and removes only the caller’s own passkeys', async () => {
    const lu = await learner('pkLu');
    const max = await learner('pkMax');
    const lus = (await addPasskey(lu, {}, 'Phone')).json<CreatedPasskey>();
    const patch = (id: string, token: string, name: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/me/passkeys/${id}`,
        headers: auth(token),
        payload: { name },
      });
    const renamed = await patch(lus.id, lu.token, '  Pixel 9 ');
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ ...lus, name: 'Pixel 9', lastUsedAt: null });
    expect((await patch(lus.id, lu.token, '')).statusCode).toBe(400);
    expect((await patch(lus.id, lu.token, 'y'.repeat(65))).statusCode).toBe(400);
    expect((await patch(lus.id, lu.token, 42)).statusCode).toBe(400);
    expectRefusal(await patch(lus.id, max.token, 'Mine now'), 404, 'NOT_FOUND');
    expectRefusal(await patch('no-such-id', lu.token, 'Name'), 404, 'NOT_FOUND');

    const remove = (id: string, token: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/me/passkeys/${id}`, headers: auth(token) });
    expectRefusal(await remove(lus.id, max.token), 404, 'NOT_FOUND');
    expect((await list(lu.token)).map((p) => p.name)).toEqual(['Pixel 9']);
    const gone = await remove(lus.id, lu.token);
    expect(gone.statusCode).toBe(204);
    expect(gone.body).toBe('');
    expect(await list(lu.token)).toEqual([]);
    expectRefusal(await remove(lus.id, lu.token), 404, 'NOT_FOUND');
    const notice = mailer.sent.filter((m) => m.to === 'pklu@example.com').at(-1);
    expect(notice?.subject).toBe('A passkey was removed from your Grasp account');
    expect(notice?.text).toContain('"Pixel 9"');
  });

  it('keeps the change when the notice cannot be sent', async () => {
    const ned = await learner('pkNed');
    mailer.failNext(1);
    expect((await addPasskey(ned)).statusCode).toBe(201);
    expect(await list(ned.token)).toHaveLength(1);
  });

  it('counts refused sign-ins against the address, as wrong PINs', async () => {
    const address = nextAddress();
    const refusedFrom = async () => {
      const { challengeId, options } = await signInOptions();
      const stranger = createSoftwareAuthenticator(ORIGIN);
      stranger.create({ challenge: 'AAAA', rp: {}, user: { id: 'x' } });
      return t.app.inject({
        method: 'POST',
        url: '/api/auth/passkey',
        payload: { challengeId, response: stranger.get(options) },
        remoteAddress: address,
      });
    };
    let last = await refusedFrom();
    for (let i = 0; i < 100 && last.statusCode === 401; i++) last = await refusedFrom();
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  describe('confirming a signed-in user (the console’s sudo)', () => {
    const service = () =>
      createPasskeysService({
        db: t.database.db,
        clock,
        mailer,
        rp: relyingPartyOf(ORIGIN),
        publicUrl: ORIGIN,
        openSession: () => Promise.reject(new Error('not a sign-in')),
        confirmPin: async () => undefined,
        takeSignInFailure: async () => async () => undefined,
        log: { info: () => undefined, warn: () => undefined },
      });

    it('accepts the user’s own passkey once, and nobody else’s', async () => {
      const olga = await learner('pkOlga');
      const pete = await learner('pkPete');
      await addPasskey(olga);
      await addPasskey(pete);
      const passkeys = service();
      const olgas = await passkeys.confirmationOptions(olga.user.id);
      expect(olgas.options.allowCredentials?.map((c) => c.id)).toEqual(
        olga.authenticator.credentialIds(),
      );
      const response = olga.authenticator.get(olgas.options);
      await expect(
        passkeys.verifyPasskeyAssertion(pete.user.id, { challengeId: olgas.challengeId, response }),
      ).rejects.toMatchObject({ code: PASSKEY_ERROR_CODES.challenge });
      await passkeys.verifyPasskeyAssertion(olga.user.id, {
        challengeId: olgas.challengeId,
        response,
      });
      await expect(
        passkeys.verifyPasskeyAssertion(olga.user.id, { challengeId: olgas.challengeId, response }),
      ).rejects.toMatchObject({ statusCode: 400, code: PASSKEY_ERROR_CODES.challenge });

      const petes = await passkeys.confirmationOptions(pete.user.id);
      await expect(
        passkeys.verifyPasskeyAssertion(pete.user.id, {
          challengeId: petes.challengeId,
          response: olga.authenticator.get(petes.options),
        }),
      ).rejects.toMatchObject({ statusCode: 401, code: PASSKEY_ERROR_CODES.unknown });

      // A sign-in challenge does not confirm anyone.
      const signInChallenge = await signInOptions();
      await expect(
        passkeys.verifyPasskeyAssertion(olga.user.id, {
          challengeId: signInChallenge.challengeId,
          response: olga.authenticator.get(signInChallenge.options),
        }),
      ).rejects.toMatchObject({ code: PASSKEY_ERROR_CODES.challenge });
    });

    it('has nothing to offer a user without passkeys', async () => {
      const quinn = await learner('pkQuinn');
      await expect(service().confirmationOptions(quinn.user.id)).rejects.toMatchObject({
        statusCode: 404,
      });
    });
  });

  it('deleting the account takes its passkeys with it', async () => {
    const sam = await learner('pkSam');
    await addPasskey(sam);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: auth(sam.token),
      payload: { pin: '1234' },
    });
    expect(deleted.statusCode).toBe(204);
    const left = await t.database.db
      .selectFrom('passkeys')
      .select('id')
      .where('user_id', '=', sam.user.id)
      .execute();
    expect(left).toEqual([]);
    expectRefusal(await signIn(sam.authenticator), 401, PASSKEY_ERROR_CODES.unknown);
  });

  it('forgetUser (account deletion’s step) removes every passkey and pending challenge', async () => {
    const ray = await learner('pkRay');
    await addPasskey(ray);
    await registrationOptions(ray.token);
    const passkeys = createPasskeysService({
      db: t.database.db,
      clock,
      mailer,
      rp: relyingPartyOf(ORIGIN),
      publicUrl: ORIGIN,
      confirmPin: async () => undefined,
      openSession: () => Promise.reject(new Error('unused')),
      takeSignInFailure: async () => async () => undefined,
      log: { info: () => undefined, warn: () => undefined },
    });
    await passkeys.forgetUser(t.database.db, ray.user.id);
    const left = await Promise.all(
      (['passkeys', 'passkey_challenges'] as const).map((table) =>
        t.database.db
          .selectFrom(table)
          .select('user_id')
          .where('user_id', '=', ray.user.id)
          .execute(),
      ),
    );
    expect(left).toEqual([[], []]);
    expectRefusal(await signIn(ray.authenticator), 401, PASSKEY_ERROR_CODES.unknown);
  });
});
