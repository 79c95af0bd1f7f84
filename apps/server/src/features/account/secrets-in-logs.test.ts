import { DEVICE_COOKIE } from '@grasp/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { markVerified, nextAddress, register } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { recordingMailer } from '../../test/recording-mailer.ts';

/**
 * No secret reaches a log line (STYLE.md rule 19; issue 50): a token copied from the log reset
 * a PIN. Every line written while links are mailed, opened and spent is read back here.
 */
describe.each(TEST_DATABASES)('the log on %s', (kind) => {
  let t: TestApp;
  const mailer = recordingMailer();
  const lines: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      mailer,
      env: { LOG_LEVEL: 'trace' },
      logStream: { write: (line) => lines.push(line) },
    });
    // A route that logs its request through pino's own serialiser, and fails.
    t.app.get('/api/test/fails', (request) => {
      request.log.warn({ req: request }, 'a route logs its request');
      throw new Error('a fault');
    });
  });
  afterAll(() => t.close());

  it('holds no token, link, PIN, cookie or bearer token', async () => {
    expect((await register(t.app, 'Logan', { pin: '4826', confirm_pin: '4826' })).statusCode).toBe(
      200,
    );
    const verification = mailer.link('logan@example.com', '/verify-email');
    const secrets: string[] = [verification, '4826'];
    await t.app.inject({ method: 'GET', url: `/verify-email?token=${verification}` });
    await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${verification}` });
    await markVerified(t.database.db, 'Logan');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'logan', password: '4826' },
      remoteAddress: nextAddress(),
    });
    expect(login.statusCode).toBe(200);
    const bearer = login.json().token as string;
    const device = login.cookies.find((c) => c.name === DEVICE_COOKIE)?.value ?? '';
    secrets.push(bearer, device);
    const auth = { authorization: `Bearer ${bearer}` };

    await t.app.inject({
      method: 'PUT',
      url: '/api/me/email',
      headers: auth,
      payload: { pin: '4826', email: 'logan-new@example.com' },
    });
    const emailChange = mailer.link('logan-new@example.com', '/confirm-email');
    secrets.push(emailChange);
    await t.app.inject({ method: 'GET', url: `/confirm-email?token=${emailChange}` });
    await t.app.inject({
      method: 'POST',
      url: `/api/auth/confirm-email?token=${emailChange}`,
      payload: { token: emailChange },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-pin',
      payload: { identifier: 'logan' },
      remoteAddress: nextAddress(),
    });
    const reset = await vi.waitFor(() => mailer.link('logan-new@example.com', '/reset-pin'));
    secrets.push(reset, '7391');
    await t.app.inject({ method: 'GET', url: `/reset-pin?token=${reset}` });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-pin',
      payload: { token: reset, pin: '7391', confirm_pin: '7391' },
    });
    await t.app.inject({
      method: 'GET',
      url: `/api/test/fails?token=${reset}`,
      headers: { ...auth, cookie: `${DEVICE_COOKIE}=${device}` },
    });

    const log = lines.join('');
    expect(log).toContain('/reset-pin');
    expect(log).toContain('a route logs its request');
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).not.toMatch(/token=/);
  });
});
