import { ACCOUNT_ERROR_CODES, ACCOUNT_MESSAGES, AUTH_MESSAGES, ERROR_CODES } from '@grasp/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB, UserRow } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { waitValues } from '../../lib/i18n.ts';
import { newId } from '../../lib/ids.ts';
import * as repo from './credentials.repository.ts';
import type { LoginThrottle } from './login-throttle.ts';
import type { Pins } from './pin.ts';

/** Devices remembered per account; the least recently used go first. */
const DEVICES_KEPT = 30;
/** A session's last-seen time is written at most this often, not on every request. */
export const LAST_SEEN_EVERY_MS = 5 * 60 * 1000;
const LAST_SEEN_REMEMBERED = 10_000;

/** The throttle key of an attempt: a trusted device's own budget, else the account's. */
export const deviceKey = (userId: string, deviceId: string) => `device:${userId}:${deviceId}`;
export const accountKey = (userId: string) => `user:${userId}`;
/** A signed-in session's confirmations (sudo, PIN, email, deletion, a new passkey). */
export const sessionKey = (userId: string, sessionId: string) => `session:${userId}:${sessionId}`;
/** What an account's devices and sessions spent together: at most WRONG_PINS_PER_ACCOUNT. */
export const ownKeysTotal = (userId: string) => `total:${userId}`;

/** Where an attempt is counted: its key, and the total it belongs to (none for strangers). */
export interface ThrottleKey {
  key: string;
  total?: string;
}

export const lockedOut = (seconds: number) =>
  new AppError(429, ERROR_CODES.rateLimited, AUTH_MESSAGES.locked(seconds), undefined, {
    key: 'auth.locked',
    values: waitValues(seconds),
  });

/**
 * PINs, devices, sessions and the users row, for the auth feature's own sign-in and for the
 * account feature (DESIGN.md §14), which reaches them only through the auth service.
 */
export function createCredentials(deps: {
  db: Kysely<DB>;
  clock: Clock;
  throttle: LoginThrottle;
  pins: Pins;
}) {
  const { db, clock, throttle, pins } = deps;
  // Sessions whose last-seen time this instance wrote lately: most requests write nothing.
  const lastSeenWritten = new Map<string, number>();

  async function isTrustedDevice(userId: string, deviceId: string | null): Promise<boolean> {
    return deviceId !== null && (await repo.findDevice(db, deviceId, userId)) !== undefined;
  }

  return {
    isTrustedDevice,

    /** The throttle key an attempt on this account from this device counts against. */
    async throttleKey(userId: string, deviceId: string | null): Promise<ThrottleKey> {
      return deviceId && (await isTrustedDevice(userId, deviceId))
        ? { key: deviceKey(userId, deviceId), total: ownKeysTotal(userId) }
        : { key: accountKey(userId) };
    },

    /**
     * A PIN confirming an action of a signed-in session: a wrong one is a failed sign-in (401,
     * counted like one) for that session, so nobody else's guesses at the username refuse the
     * owner's right PIN here; a locked session answers 429 with the wait. The session's
     * failures share the account's total with its devices.
     */
    async confirmPin(user: UserRow, pin: string, sessionId: string): Promise<void> {
      const key = sessionKey(user.id, sessionId);
      const reservation = await throttle.reserve(key, { total: ownKeysTotal(user.id) });
      if (!reservation.allowed) {
        await pins.verify(null, pin);
        throw lockedOut(reservation.waitSeconds);
      }
      if (!(await pins.verify(user.pin_hash, pin))) {
        throw new AppError(401, ERROR_CODES.unauthorized, ACCOUNT_MESSAGES.wrongPin);
      }
      await throttle.succeed(key, reservation);
    },

    /** The device id the browser should keep: the one it showed if it is this account's. */
    async trustDevice(userId: string, presented: string | null): Promise<string> {
      const now = clock.now();
      if (presented && (await isTrustedDevice(userId, presented))) {
        await repo.touchDevice(db, presented, now);
        return presented;
      }
      const id = newId();
      await repo.insertDevice(db, { id, userId, at: now });
      await repo.trimDevices(db, userId, DEVICES_KEPT);
      return id;
    },

    /** Every lock on the account, shared budget, devices and sessions alike, is lifted. */
    clearLockouts: (userId: string) =>
      throttle.clear(
        [accountKey(userId), ownKeysTotal(userId)],
        [`device:${userId}:`, `session:${userId}:`],
      ),

    /**
     * The account trusts no device any more (a PIN reset or change): a device cookie kept by
     * whoever once knew the old PIN is a stranger's from now on, with no budget of its own.
     */
    async forgetDevices(userId: string): Promise<void> {
      await repo.deleteDevices(db, userId);
      await throttle.clear([], [`device:${userId}:`]);
    },

    async setPin(userId: string, pin: string): Promise<void> {
      await repo.updateUser(db, userId, { pin_hash: await pins.hash(pin) });
    },

    /** 409 EMAIL_TAKEN when another account has the address (also under a race). */
    async setEmail(userId: string, email: string): Promise<void> {
      try {
        await repo.updateUser(db, userId, {
          email,
          email_key: email.toLowerCase(),
          email_verified_at: clock.now().toISOString(),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
    },

    async setProfile(
      userId: string,
      changes: { fullName?: string; mobile?: string; interfaceLanguage?: string },
    ) {
      await repo.updateUser(db, userId, {
        ...(changes.fullName !== undefined ? { full_name: changes.fullName } : {}),
        ...(changes.mobile !== undefined ? { mobile: changes.mobile } : {}),
        ...(changes.interfaceLanguage !== undefined
          ? { interface_language: changes.interfaceLanguage }
          : {}),
      });
    },

    listSessions: (userId: string) => repo.liveSessions(db, userId, clock.now()),

    /** Ends sessions (one, all, or all but one); answers how many ended. */
    endSessions: (userId: string, which: { only?: string; except?: string } = {}) =>
      repo.revokeSessions(db, userId, clock.now(), which),

    /**
     * Moves the session's last-seen time when the last write is a few minutes old: the write when
     * one is due, else nothing (most requests pass here with nothing to wait for).
     */
    sawSession(sessionId: string, at: Date): Promise<void> | undefined {
      const now = at.getTime();
      const written = lastSeenWritten.get(sessionId);
      if (written !== undefined && now - written < LAST_SEEN_EVERY_MS) return undefined;
      if (lastSeenWritten.size >= LAST_SEEN_REMEMBERED) lastSeenWritten.clear();
      lastSeenWritten.set(sessionId, now);
      return repo.touchSession(db, sessionId, at, new Date(now - LAST_SEEN_EVERY_MS));
    },

    /** Deletion's step for sign-in: sessions, devices and verification links go, the row is emptied. */
    forget: (tx: Kysely<DB> | Transaction<DB>, userId: string) =>
      repo.anonymizeUser(tx, userId, clock.now()),
  };
}
export type Credentials = ReturnType<typeof createCredentials>;

export const emailTaken = () =>
  new AppError(409, ACCOUNT_ERROR_CODES.emailTaken, ACCOUNT_MESSAGES.emailTaken);
