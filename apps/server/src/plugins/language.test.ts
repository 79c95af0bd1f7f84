import { AUTH_MESSAGES, ERROR_CODES, VALIDATION_MESSAGES } from '@grasp/contract';
import { SERVER_CATALOGS } from '@grasp/contract/server-catalogs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { translate } from '../lib/i18n.ts';
import {
  nextAddress,
  register,
  registration,
  signedInUser,
  solveCaptcha,
} from '../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { TEST_DATABASES } from '../test/databases.ts';
import { recordingMailer } from '../test/recording-mailer.ts';

describe.each(TEST_DATABASES)('the API’s language (DESIGN.md §17) on %s', (kind) => {
  let t: TestApp;
  const mailer = recordingMailer();
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const emptyLogin = (headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: {},
      headers,
      remoteAddress: nextAddress(),
    });
  const endUnknownSession = (token: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/me/sessions/no-such-session',
      headers: { ...bearer(token), ...headers },
    });

  beforeAll(async () => {
    t = await buildTestApp(kind, { mailer });
  });
  afterAll(() => t.close());

  describe('negotiation', () => {
    it('answers in English when nothing says otherwise', async () => {
      const res = await emptyLogin();
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-language']).toBe('en');
      expect(res.json()).toEqual({
        success: false,
        code: ERROR_CODES.validation,
        message: VALIDATION_MESSAGES.loginRequired,
      });
    });

    it('answers in the best Accept-Language match among the six, with the same code', async () => {
      const res = await emptyLogin({ 'accept-language': 'fr-FR, fr;q=0.9, ta;q=0.5, en;q=0.1' });
      expect(res.headers['content-language']).toBe('ta');
      expect(res.json()).toEqual({
        success: false,
        code: ERROR_CODES.validation,
        message: SERVER_CATALOGS.ta['validation.loginRequired'],
      });
      expect(res.json().message).toMatch(/[\u0B80-\u0BFF]/);
    });

    it('falls back to English for a language it does not speak', async () => {
      const res = await emptyLogin({ 'accept-language': 'fr-FR, de;q=0.5' });
      expect(res.headers['content-language']).toBe('en');
      expect(res.json().message).toBe(VALIDATION_MESSAGES.loginRequired);
    });

    it('prefers the signed-in user’s interface language to Accept-Language', async () => {
      const { token } = await signedInUser(t.app, t.database.db, 'Bina', '1234', {
        interfaceLanguage: 'bn',
      });
      const res = await endUnknownSession(token, { 'accept-language': 'hi' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-language']).toBe('bn');
      expect(res.json()).toEqual({
        success: false,
        code: ERROR_CODES.notFound,
        message: SERVER_CATALOGS.bn['account.sessionNotFound'],
      });
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
      expect(me.headers['content-language']).toBe('bn');
    });

    it('speaks the new language as soon as the user changes it', async () => {
      const { token } = await signedInUser(t.app, t.database.db, 'Chandra', '1234', {
        interfaceLanguage: 'hi',
      });
      expect((await endUnknownSession(token)).json().message).toBe(
        SERVER_CATALOGS.hi['account.sessionNotFound'],
      );
      const patch = await t.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: bearer(token),
        payload: { interfaceLanguage: 'te' },
      });
      expect(patch.statusCode).toBe(200);
      const after = await endUnknownSession(token, { 'accept-language': 'hi' });
      expect(after.headers['content-language']).toBe('te');
      expect(after.json().message).toBe(SERVER_CATALOGS.te['account.sessionNotFound']);
    });

    it('knows a signed-in caller refused before the route read the session', async () => {
      const { token } = await signedInUser(t.app, t.database.db, 'Devi', '1234', {
        interfaceLanguage: 'mr',
      });
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: { ...bearer(token), 'accept-language': 'en' },
        payload: { interfaceLanguage: 'fr' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-language']).toBe('mr');
      expect(res.json()).toEqual({
        success: false,
        code: ERROR_CODES.validation,
        message: translate('mr', 'server.invalidField', { field: 'interfaceLanguage' }),
      });
    });
  });

  describe('messages', () => {
    it('says a successful answer’s sentence in the language', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/resend-verification',
        payload: { email: 'nobody-here@example.com' },
        headers: { 'accept-language': 'mr-IN' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-language']).toBe('mr');
      expect(res.json()).toEqual({ success: true, message: SERVER_CATALOGS.mr['auth.resendSent'] });
      const english = await t.app.inject({
        method: 'POST',
        url: '/api/auth/resend-verification',
        payload: { email: 'nobody-else@example.com' },
      });
      expect(english.json().message).toBe(AUTH_MESSAGES.resendSent);
    });

    it('says a rule of the contract (registration) in the language, code unchanged', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: 'x' },
        headers: { 'accept-language': 'te' },
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(ERROR_CODES.validation);
      expect(res.json().message).toBe(SERVER_CATALOGS.te['validation.captchaRequired']);
    });

    it('says a schema’s own rule in the language, after the field’s name', async () => {
      const { token } = await signedInUser(t.app, t.database.db, 'Ilango', '1234', {
        interfaceLanguage: 'ta',
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/ai/aiResponseGoogle',
        headers: bearer(token),
        payload: { query: '   ', template: 'default' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        code: ERROR_CODES.validation,
        message: `query: ${SERVER_CATALOGS.ta['server.enterConcept']}`,
      });
    });

    it('says a message with values in the language (a NUL refused in a field)', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'a\u0000b', password: '1234' },
        headers: { 'accept-language': 'hi' },
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(ERROR_CODES.validation);
      expect(res.json().message).toBe(
        translate('hi', 'server.fieldMessage', {
          field: 'username',
          message: { key: 'validation.nulCharacter' },
        }),
      );
    });

    it('says Fastify’s own refusal of an address in the language', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/%zz',
        headers: { 'accept-language': 'bn' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-language']).toBe('bn');
      expect(res.json().message).toBe(SERVER_CATALOGS.bn['error.invalidAddress']);
    });

    it('keeps a sentence the catalogs do not hold as it is', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/no-such-route',
        headers: { 'accept-language': 'ta' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(ERROR_CODES.notFound);
      expect(res.headers['content-language']).toBe('ta');
    });
  });

  describe('mails in the recipient’s language', () => {
    it('sends the verification mail in the language registered with', async () => {
      const res = await register(t.app, 'Esha', { interfaceLanguage: 'hi' });
      expect(res.statusCode).toBe(200);
      const [mail] = mailer.to('esha@example.com');
      expect(mail?.subject).toBe(SERVER_CATALOGS.hi['mail.verification.subject']);
      expect(mail?.text).toContain('नमस्ते Esha Tester,');
      expect(mail?.text).toContain(SERVER_CATALOGS.hi['mail.verification.welcome']);
      expect(mail?.text).toMatch(/\/verify-email\?token=/);
      expect(mail?.html).toContain(`>${SERVER_CATALOGS.hi['mail.verification.button']}</a>`);
    });

    it('gives an account registered without a language the one its form was read in', async () => {
      const turnstileToken = await solveCaptcha(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { ...registration('Kavya'), turnstileToken },
        headers: { 'accept-language': 'ta-IN,ta;q=0.9,en;q=0.5' },
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(SERVER_CATALOGS.ta['auth.registered']);
      expect(mailer.to('kavya@example.com')[0]?.subject).toBe(
        SERVER_CATALOGS.ta['mail.verification.subject'],
      );
      const row = await t.database.db
        .selectFrom('users')
        .select('interface_language')
        .where('username_key', '=', 'kavya')
        .executeTakeFirstOrThrow();
      expect(row.interface_language).toBe('ta');
    });

    it('sends it in English to an account registered without a language', async () => {
      await register(t.app, 'Farid');
      const [mail] = mailer.to('farid@example.com');
      expect(mail?.subject).toBe('Verify your Grasp account');
      expect(mail?.text).toContain('Hi Farid Tester,');
    });

    it('writes the account’s later mails in its current language, not the request’s', async () => {
      const { token } = await signedInUser(t.app, t.database.db, 'Gauri', '1234', {
        interfaceLanguage: 'ta',
      });
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-pin',
        payload: { identifier: 'gauri' },
        headers: { 'accept-language': 'en' },
        remoteAddress: nextAddress(),
      });
      await vi.waitFor(() =>
        expect(mailer.to('gauri@example.com').at(-1)?.subject).toBe(
          SERVER_CATALOGS.ta['mail.resetLink.subject'],
        ),
      );
      expect(mailer.to('gauri@example.com').at(-1)?.text).toContain('/reset-pin?token=');
      await t.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: bearer(token),
        payload: { interfaceLanguage: 'te', fullName: 'Gauri S' },
      });
      await vi.waitFor(() =>
        expect(mailer.to('gauri@example.com').at(-1)?.subject).toBe(
          SERVER_CATALOGS.te['mail.profileChanged.subject'],
        ),
      );
      expect(mailer.to('gauri@example.com').at(-1)?.text).toContain(
        translate('te', 'mail.profileChanged.body', { what: 'name' }),
      );
      expect(mailer.to('gauri@example.com').at(-1)?.text).toContain('నమస్తే Gauri S,');
    });

    it('keeps the English notices as they were', async () => {
      const { token } = await signedInUser(t.app, t.database.db, 'Hari', '1234');
      await t.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: bearer(token),
        payload: { mobile: '9123456789' },
      });
      await vi.waitFor(() =>
        expect(mailer.to('hari@example.com').at(-1)?.subject).toBe(
          'Your Grasp profile was changed',
        ),
      );
      const text = mailer.to('hari@example.com').at(-1)?.text;
      expect(text).toContain('Your mobile number was changed from your account page.');
      expect(text).toContain('"Forgot PIN?"');
    });
  });
});
