import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CaptchaChallenge } from '@grasp/contract';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Challenge } from 'altcha-lib/types';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.ts';

/** Fetches a challenge for a client address; throws with the answer when it is not one. */
export async function fetchChallenge(
  app: FastifyInstance,
  remoteAddress = '127.0.0.1',
): Promise<Challenge> {
  const res = await app.inject({ method: 'GET', url: '/api/auth/captcha', remoteAddress });
  if (res.statusCode !== 200) throw new Error(`captcha answered ${res.statusCode}: ${res.body}`);
  const body = res.json<CaptchaChallenge>();
  if (body.provider !== 'altcha') throw new Error('expected an ALTCHA challenge');
  return body.challenge as unknown as Challenge;
}

/** Solves the server's real ALTCHA challenge the way the browser widget does. */
export async function solveCaptcha(app: FastifyInstance, remoteAddress?: string): Promise<string> {
  const challenge = await fetchChallenge(app, remoteAddress);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export function registration(name: string, overrides: Record<string, unknown> = {}) {
  return {
    username: name,
    email: `${name.toLowerCase()}@example.com`,
    mobile: '9876543210',
    pin: '1234',
    confirm_pin: '1234',
    fullName: `${name} Tester`,
    planType: 'free',
    acceptTerms: true,
    ...overrides,
  };
}

let addressCounter = 0;
/** A new client address per call, so per-IP limits do not mask the rule under test. */
export function nextAddress(): string {
  addressCounter++;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export async function register(
  app: FastifyInstance,
  name: string,
  overrides: Record<string, unknown> = {},
) {
  const turnstileToken = await solveCaptcha(app);
  return app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { ...registration(name), turnstileToken, ...overrides },
    remoteAddress: nextAddress(),
  });
}

/** The verification link of the newest outbox mail to an address. */
export function verificationTokenFromOutbox(dataDir: string, email: string): string {
  const dir = join(dataDir, 'outbox');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(`${email}.eml`))
    .sort();
  const last = files.at(-1);
  if (!last) throw new Error(`no mail to ${email}`);
  const raw = readFileSync(join(dir, last), 'utf8');
  // The .eml body is quoted-printable: undo soft line breaks and =XX escapes.
  const text = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const match = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error('no link in the mail');
  return match[1];
}

export async function markVerified(db: Kysely<DB>, username: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ email_verified_at: new Date().toISOString() })
    .where('username_key', '=', username.toLowerCase())
    .execute();
}

/** Registers, verifies and signs in; returns the bearer token. */
export async function signedInUser(
  app: FastifyInstance,
  db: Kysely<DB>,
  name: string,
  pin = '1234',
  overrides: Record<string, unknown> = {},
) {
  const res = await register(app, name, { pin, confirm_pin: pin, ...overrides });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.body}`);
  await markVerified(db, name);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: name, password: pin },
    remoteAddress: nextAddress(),
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  return login.json<{ token: string; user: { id: string } }>();
}
