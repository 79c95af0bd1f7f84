import { AUTH_MESSAGES, VALIDATION_MESSAGES } from '@grasp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fetchChallenge,
  markVerified,
  nextAddress,
  registration,
  solveCaptcha,
  verificationTokenFromOutbox,
} from '../../test/auth-helpers.ts';
import { buildTestApp, TEST_SECRETS, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { manualClock } from '../../test/manual-clock.ts';
import {
  captchaCost,
  REGISTRATIONS_PER_HOUR,
  RESENDS_PER_EMAIL_PER_HOUR,
  SIGN_IN_FAILURES_PER_15_MINUTES,
} from './address-limits.ts';
import { createAltchaVerifier } from './captcha.ts';

const MINUTE = 60_000;

describe.each(TEST_DATABASES)('limits against a shared address on %s', (kind) => {
  let t: TestApp;
  /** The real challenges, with every answer accepted: the work is measured, not done. */
  let lenient: TestApp;
  const clock = manualClock();
  const post = (url: string, payload: object, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress });
  const register = (payload: object, remoteAddress: string, app = lenient) =>
    app.app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress });
  const login = (username: string, password: string, remoteAddress: string) =>
    post('/api/auth/login', { username, password }, remoteAddress);

  beforeAll(async () => {
    t = await buildTestApp(kind, { clock });
    const altcha = createAltchaVerifier(TEST_SECRETS.altchaHmacKey);
    lenient = await buildTestApp(kind, {
      clock,
      captcha: { challenge: (options) => altcha.challenge(options), verify: async () => true },
    });
  });
  afterAll(async () => {
    await t.close();
    await lenient.close();
  });

  it('lets a class of 40 register, verify and sign in from one address within ten minutes', async () => {
    const lab = nextAddress();
    for (let i = 0; i < 40; i++) {
      const name = `Pupil${i}`;
      const challenge = await fetchChallenge(t.app, lab);
      expect(challenge.parameters.cost).toBe(captchaCost(i));
      const turnstileToken = await solveCaptcha(t.app, lab);
      // Some mistype on the way: a PIN that does not match, a wrong PIN at sign-in.
      if (i % 4 === 0) {
        const typo = await register(
          { ...registration(name), confirm_pin: '9999', turnstileToken },
          lab,
          t,
        );
        expect(typo.json().message).toBe(VALIDATION_MESSAGES.pinsDoNotMatch);
      }
      const registered = await register({ ...registration(name), turnstileToken }, lab, t);
      expect(registered.statusCode, registered.body).toBe(200);
      const token = verificationTokenFromOutbox(t.dataDir, `${name.toLowerCase()}@example.com`);
      const verified = await t.app.inject({
        method: 'GET',
        url: `/api/auth/verify-email?token=${token}`,
        remoteAddress: lab,
      });
      expect(verified.json().message).toBe(AUTH_MESSAGES.verified);
      if (i % 5 === 0) expect((await login(name, '0000', lab)).statusCode).toBe(401);
      const signedIn = await login(name, '1234', lab);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      clock.advance(15_000);
    }
  });

  it('charges no allowance for refused registrations', async () => {
    const lab = nextAddress();
    const send = (change: Record<string, unknown>) =>
      register(
        { ...registration('Newcomer'), turnstileToken: `t-${Math.random()}`, ...change },
        lab,
      );
    expect(
      (await send({ username: 'Taken', email: 'taken@example.com', turnstileToken: 'used' }))
        .statusCode,
    ).toBe(200);
    const refusals: [Record<string, unknown>, number][] = [
      [{ confirm_pin: '1243' }, 400],
      [{ email: 'newcomer@example' }, 400],
      [{ mobile: '' }, 400],
      [{ turnstileToken: '' }, 400],
      [{ turnstileToken: 'used' }, 400],
      [{ username: 'TAKEN' }, 409],
      [{ email: 'Taken@Example.com' }, 409],
    ];
    // More refusals than the hour's whole allowance, of every kind, before and after the captcha.
    for (let i = 0; i < REGISTRATIONS_PER_HOUR + 20; i++) {
      const [change, status] = refusals[i % refusals.length] ?? [{}, 0];
      expect((await send(change)).statusCode).toBe(status);
    }
    expect((await fetchChallenge(lenient.app, lab)).parameters.cost).toBe(captchaCost(1));
    expect((await send({})).statusCode).toBe(200);
  });

  it('makes a flood pay more for each account, then stops it at the ceiling with the wait', async () => {
    const bot = nextAddress();
    const costs: number[] = [];
    for (let i = 0; i < REGISTRATIONS_PER_HOUR; i++) {
      costs.push((await fetchChallenge(lenient.app, bot)).parameters.cost);
      const res = await register({ ...registration(`Bot${i}`), turnstileToken: `bot-${i}` }, bot);
      expect(res.statusCode, res.body).toBe(200);
      clock.advance(10_000);
    }
    expect(costs[0]).toBe(1);
    expect(costs[40]).toBe(4);
    expect(costs.at(-1)).toBeGreaterThanOrEqual(30);
    expect(costs.every((cost, i) => cost >= (costs[i - 1] ?? 1))).toBe(true);

    // The first of the hour's registrations leaves the window 2600 s after the last one.
    const wait = AUTH_MESSAGES.registrationsPaused(60 * 60 - 1000);
    const refused = await register({ ...registration('Bot100'), turnstileToken: 'bot-100' }, bot);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: wait });
    const challenge = await lenient.app.inject({
      method: 'GET',
      url: '/api/auth/captcha',
      remoteAddress: bot,
    });
    expect(challenge.statusCode).toBe(429);
    expect(challenge.json().message).toBe(wait);

    // Another address is untouched, and the flooding one gets places back as the hour passes.
    expect((await fetchChallenge(lenient.app, nextAddress())).parameters.cost).toBe(1);
    clock.advance((60 * 60 - 1000) * 1000);
    expect((await fetchChallenge(lenient.app, bot)).parameters.cost).toBe(captchaCost(99));
    expect(
      (await register({ ...registration('Bot100'), turnstileToken: 'bot-100' }, bot)).statusCode,
    ).toBe(200);
  });

  it('counts only wrong PINs against an address, and pauses it after too many', async () => {
    // An IPv6 subscriber's whole /64 counts as one address.
    const office = (host: number) =>
      `2001:db8:${kind === 'sqlite' ? 1 : 2}:7::${host.toString(16)}`;
    await post(
      '/api/auth/register',
      { ...registration('Nadia'), turnstileToken: await solveCaptcha(t.app) },
      nextAddress(),
    );
    await markVerified(t.database.db, 'Nadia');
    for (let i = 0; i < SIGN_IN_FAILURES_PER_15_MINUTES - 1; i++) {
      expect((await login(`stranger${i}`, '0000', office(i))).statusCode).toBe(401);
    }
    // Right PINs cost nothing.
    for (let i = 0; i < 5; i++) {
      const res = await login('nadia', '1234', office(1000 + i));
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await login(`stranger-last`, '0000', office(2000))).statusCode).toBe(401);
    const paused = await login('nadia', '1234', office(3000));
    expect(paused.statusCode).toBe(429);
    expect(paused.json().message).toBe(AUTH_MESSAGES.signInsPaused(15 * 60));
    expect((await login('nadia', '1234', nextAddress())).statusCode).toBe(200);
    clock.advance(15 * MINUTE);
    expect((await login('nadia', '1234', office(3000))).statusCode).toBe(200);
  });

  it('limits verification mails per inbox, not per address', async () => {
    const lab = nextAddress();
    const resend = (email: string) => post('/api/auth/resend-verification', { email }, lab);
    for (let i = 0; i < 40; i++)
      expect((await resend(`pupil${i}@example.com`)).statusCode).toBe(200);
    for (let i = 0; i < RESENDS_PER_EMAIL_PER_HOUR; i++) {
      expect((await resend('Same@Example.com ')).statusCode).toBe(200);
    }
    const refused = await resend('same@example.com');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(AUTH_MESSAGES.resendsPaused(60 * 60));
  });
});
