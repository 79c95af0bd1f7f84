import { DEVICE_COOKIE } from '@grasp/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthService, SignInClient } from './auth.service.ts';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The device id of a validly signed `grasp_device` cookie, or null. The cookie is only ever sent
 * to /api/auth (its path), so only sign-in routes can read it.
 */
export function deviceIdOf(request: FastifyRequest): string | null {
  const raw = request.cookies[DEVICE_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : null;
}

/** What sign-in needs to know about the browser asking. */
export function signInClient(request: FastifyRequest): SignInClient {
  return { deviceId: deviceIdOf(request), userAgent: request.headers['user-agent'] ?? null };
}

/** Gives the browser its device cookie (OWASP "device cookies"; DESIGN.md §14). */
export function setDeviceCookie(reply: FastifyReply, deviceId: string, secure: boolean): void {
  reply.setCookie(DEVICE_COOKIE, deviceId, {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    path: '/api/auth',
    maxAge: YEAR_SECONDS,
    secure,
  });
}

/**
 * Every successful sign-in (PIN or passkey) calls this: the device the user signed in from is
 * remembered for the account, so its own wrong PINs never share the account's budget.
 */
export async function issueDeviceCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  auth: Pick<AuthService, 'trustDevice' | 'secureCookies'>,
  userId: string,
): Promise<void> {
  const deviceId = await auth.trustDevice(userId, deviceIdOf(request));
  setDeviceCookie(reply, deviceId, auth.secureCookies);
}
