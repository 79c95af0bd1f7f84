import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, signedInUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { recordingMailer } from '../../test/recording-mailer.ts';

describe.each(TEST_DATABASES)('the interface language on %s', (kind) => {
  let t: TestApp;
  const mailer = recordingMailer();
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
  const patch = (token: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: '/api/me', headers: bearer(token), payload });

  beforeAll(async () => {
    t = await buildTestApp(kind, { mailer });
  });
  afterAll(() => t.close());

  it('is English for an account registered without one', async () => {
    const { token, user } = await signedInUser(t.app, t.database.db, 'Lang1');
    expect(user).toMatchObject({ interfaceLanguage: 'en' });
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ username: 'Lang1', interfaceLanguage: 'en' });
    expect(res.json().user).not.toHaveProperty('pin_hash');
  });

  it('is the one registered with', async () => {
    const { token } = await signedInUser(t.app, t.database.db, 'Lang2', '1234', {
      interfaceLanguage: 'ta',
    });
    expect((await me(token)).json().user.interfaceLanguage).toBe('ta');
  });

  it('refuses a language that is not one of the six at registration', async () => {
    const res = await register(t.app, 'Lang3', { interfaceLanguage: 'fr' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });

  it('changes with PATCH /api/me, alone, without a profile notice', async () => {
    const { token } = await signedInUser(t.app, t.database.db, 'Lang4');
    const before = mailer.to('lang4@example.com').length;
    const res = await patch(token, { interfaceLanguage: 'hi' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ interfaceLanguage: 'hi', fullName: 'Lang4 Tester' });
    expect((await me(token)).json().user.interfaceLanguage).toBe('hi');
    expect((await patch(token, { interfaceLanguage: 'xx' })).statusCode).toBe(400);
    expect((await me(token)).json().user.interfaceLanguage).toBe('hi');
    expect(mailer.to('lang4@example.com')).toHaveLength(before);
  });

  it('needs a session to be read', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
  });
});
