import {
  ADMIN_ERROR_CODES,
  ADMIN_MESSAGES,
  AUTH_MESSAGES,
  DEFAULT_LANGUAGE,
  ERROR_CODES,
  ERROR_MESSAGES,
  type LanguageId,
  type LoginResponse,
  registrationProblem,
  SESSION_LIFETIME_MS,
  VALIDATION_MESSAGES,
} from '@grasp/contract';
import type { Kysely } from 'kysely';
import type { ChangeWatch } from '../../db/change-watch.ts';
import type { DB, UserRow } from '../../db/types.ts';
import { type Clock, millisecondsOf } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { newId, newSecretToken, sha256 } from '../../lib/ids.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { presentUser } from '../../lib/present-user.ts';
import { recipientOf } from '../../lib/recipient.ts';
import { createRowCache } from '../../lib/row-cache.ts';
import type { AddressLimits } from './address-limits.ts';
import * as repo from './auth.repository.ts';
import type { CaptchaVerifier } from './captcha.ts';
import { createCredentials, lockedOut } from './credentials.ts';
import type { LoginThrottle } from './login-throttle.ts';
import type { Pins } from './pin.ts';
import type { TokenSigner } from './tokens.ts';
import { verificationEmail } from './verification-email.ts';

const VERIFICATION_LIFETIME_MS = 24 * 60 * 60 * 1000;
const CAPTCHA_USE_MEMORY_MS = 60 * 60 * 1000;

export interface RegisterInput {
  username: string;
  email: string;
  mobile: string;
  pin: string;
  confirm_pin: string;
  fullName: string;
  turnstileToken: string;
  acceptTerms?: boolean | undefined;
  interfaceLanguage?: LanguageId | undefined;
}

export interface AuthServiceDeps {
  db: Kysely<DB>;
  clock: Clock;
  captcha: CaptchaVerifier;
  throttle: LoginThrottle;
  /** Per-address allowances: registrations, failed sign-ins, verification mails. */
  limits: AddressLimits;
  tokens: TokenSigner;
  /** PIN hashing at the configured cost (pin.ts). */
  pins: Pins;
  mailer: Mailer;
  publicUrl: string;
  /** Lets a session's user be kept between requests (see lib/row-cache.ts). */
  changes?: ChangeWatch | undefined;
  /** Opens the new user's Free usage cycle inside the registration transaction. */
  openFirstCycle: (tx: Kysely<DB>, userId: string) => Promise<void>;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** Who is signing in: the device id from a valid `grasp_device` cookie, and the browser. */
export interface SignInClient {
  deviceId: string | null;
  userAgent: string | null;
}

export interface SignedIn {
  response: LoginResponse;
  /** What the `grasp_device` cookie should hold from now on. */
  deviceId: string;
}

/** User-Agent headers are kept to this length: enough to name a browser and a system. */
const USER_AGENT_KEPT = 400;

const invalidCredentials = () =>
  new AppError(401, ERROR_CODES.unauthorized, ERROR_MESSAGES.invalidCredentials);

/** How long a session's user may be kept even with no change seen: a bound, not the rule. */
const SESSION_USER_KEPT_MS = 30_000;

export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock } = deps;
  const credentials = createCredentials({ db, clock, throttle: deps.throttle, pins: deps.pins });
  const sessionUsers = createRowCache<UserRow>({
    watch: deps.changes,
    ttlMs: SESSION_USER_KEPT_MS,
    max: 10_000,
    now: millisecondsOf(clock),
  });

  async function consumeCaptcha(token: string, ip?: string): Promise<void> {
    const valid = await deps.captcha.verify(token, ip);
    if (!valid) throw new AppError(400, ERROR_CODES.captchaFailed, ERROR_MESSAGES.captchaFailed);
    const now = clock.now();
    try {
      await repo.recordCaptchaUse(
        db,
        sha256(token),
        new Date(now.getTime() + CAPTCHA_USE_MEMORY_MS),
      );
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError(400, ERROR_CODES.captchaFailed, ERROR_MESSAGES.captchaFailed);
      throw error;
    }
    await repo.deleteExpiredCaptchaUses(db, now);
  }

  async function sendVerification(
    user: Pick<UserRow, 'id' | 'email' | 'full_name' | 'interface_language'>,
  ): Promise<void> {
    const token = newSecretToken();
    const now = clock.now();
    await repo.insertVerificationToken(db, {
      tokenHash: sha256(token),
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + VERIFICATION_LIFETIME_MS),
    });
    const link = `${deps.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    try {
      await deps.mailer.send(verificationEmail(recipientOf(user), link));
      // The user, never the link: whoever reads the log must not be able to verify with it.
      deps.log.info({ userId: user.id }, 'verification email sent');
    } catch (error) {
      // The account exists either way; the user can ask for a new link.
      deps.log.warn({ err: error, email: user.email }, 'verification email could not be sent');
    }
  }

  async function createUser(input: RegisterInput): Promise<UserRow> {
    const username = input.username.trim();
    const email = input.email.trim();
    const taken = await repo.findTakenFields(db, username.toLowerCase(), email.toLowerCase());
    if (taken.username) throw new AppError(409, ERROR_CODES.conflict, AUTH_MESSAGES.usernameTaken);
    if (taken.email) throw new AppError(409, ERROR_CODES.conflict, AUTH_MESSAGES.emailTaken);
    const user: UserRow = {
      id: newId(),
      username,
      username_key: username.toLowerCase(),
      email,
      email_key: email.toLowerCase(),
      mobile: input.mobile.trim(),
      full_name: input.fullName.trim(),
      avatar: null,
      plan: 'free',
      pin_hash: await deps.pins.hash(input.pin),
      email_verified_at: null,
      created_at: clock.now().toISOString(),
      role: 'user',
      disabled_at: null,
      deleted_at: null,
      interface_language: input.interfaceLanguage ?? DEFAULT_LANGUAGE,
    };
    try {
      await db.transaction().execute(async (tx) => {
        await repo.insertUser(tx, user);
        await deps.openFirstCycle(tx, user.id);
      });
    } catch (error) {
      // Two racing registrations of one name: the unique index lets exactly one through.
      if (isUniqueViolation(error))
        throw new AppError(409, ERROR_CODES.conflict, AUTH_MESSAGES.usernameTaken);
      throw error;
    }
    return user;
  }

  /** A new session for a user who proved who they are (PIN here, or a passkey). */
  async function startSession(user: UserRow, client: SignInClient): Promise<LoginResponse> {
    // Told only to whoever proved who they are, so it reveals nothing about the account to others.
    if (user.disabled_at)
      throw new AppError(403, ADMIN_ERROR_CODES.accountDisabled, ADMIN_MESSAGES.accountDisabled);
    if (!user.email_verified_at)
      throw new AppError(403, ERROR_CODES.emailNotVerified, AUTH_MESSAGES.emailNotVerified);
    const now = clock.now();
    const sessionId = newId();
    await repo.insertSession(db, {
      id: sessionId,
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
      userAgent: client.userAgent?.slice(0, USER_AGENT_KEPT) ?? null,
    });
    const token = await deps.tokens.sign({ userId: user.id, sessionId }, now);
    return { success: true, token, user: presentUser(user), message: AUTH_MESSAGES.loginSuccess };
  }

  /**
   * Checks a PIN under its throttle key: a device that signed in to the account before counts
   * its own failures (OWASP device cookies), any other attempt the account's shared budget, so
   * nobody can lock the owner's devices out.
   */
  async function signIn(
    user: UserRow | undefined,
    login: string,
    pin: string,
    client: SignInClient,
  ): Promise<SignedIn> {
    // Unknown names get a throttle record of their own, so a lock reveals nothing.
    const { key, total } = user
      ? await credentials.throttleKey(user.id, client.deviceId)
      : { key: `login:${login.trim().toLowerCase()}`, total: undefined };
    const reservation = await deps.throttle.reserve(key, total === undefined ? {} : { total });
    if (!reservation.allowed) {
      await deps.pins.verify(null, pin);
      throw lockedOut(reservation.waitSeconds);
    }
    if (!(await deps.pins.verify(user?.pin_hash ?? null, pin)) || !user) throw invalidCredentials();
    await deps.throttle.succeed(key, reservation);
    const response = await startSession(user, client);
    return { response, deviceId: await credentials.trustDevice(user.id, client.deviceId) };
  }

  return {
    /** A challenge whose work grows with the address's registrations this hour. */
    async captchaChallenge(ip: string) {
      return deps.captcha.challenge({ cost: await deps.limits.captchaCost(ip) });
    },

    /** Checks a captcha payload without spending it (registration spends it). */
    checkCaptcha: (token: string, ip?: string) => deps.captcha.verify(token, ip),

    /** Only a registration that succeeds keeps its place in the address's allowance. */
    async register(input: RegisterInput, ip: string): Promise<{ success: true; message: string }> {
      const problem = registrationProblem({
        acceptTerms: input.acceptTerms !== false,
        captchaToken: input.turnstileToken,
        username: input.username,
        email: input.email,
        mobile: input.mobile,
        pin: input.pin,
        confirmPin: input.confirm_pin,
        fullName: input.fullName,
      });
      if (problem) throw badRequest(problem);
      const giveBack = await deps.limits.takeRegistration(ip);
      let user: UserRow;
      try {
        await consumeCaptcha(input.turnstileToken, ip);
        user = await createUser(input);
      } catch (error) {
        await giveBack();
        throw error;
      }
      await sendVerification(user);
      return { success: true, message: AUTH_MESSAGES.registered };
    },

    /**
     * Only a wrong PIN (401) costs the address some of its allowance; a device the account
     * trusts has its own budget and never meets the address's.
     */
    async login(
      login: string,
      pin: string,
      ip: string,
      client: SignInClient = { deviceId: null, userAgent: null },
    ): Promise<SignedIn> {
      if (!login.trim() || !pin) throw badRequest(VALIDATION_MESSAGES.loginRequired);
      const user = await repo.findUserByLogin(db, login);
      if (user && (await credentials.isTrustedDevice(user.id, client.deviceId))) {
        return signIn(user, login, pin, client);
      }
      const giveBack = await deps.limits.takeSignInFailure(ip);
      let wrongPin = false;
      try {
        return await signIn(user, login, pin, client);
      } catch (error) {
        wrongPin = error instanceof AppError && error.statusCode === 401;
        throw error;
      } finally {
        if (!wrongPin) await giveBack();
      }
    },

    /** The user and session behind a bearer token, or null when it is not (or no longer) valid. */
    async authenticate(token: string): Promise<{ user: UserRow; sessionId: string } | null> {
      const now = clock.now();
      const claims = deps.tokens.verify(token, now);
      if (!claims) return null;
      const { sessionId, userId } = claims;
      // A kept user never outlives the session: the token, checked above on every request,
      // expires no later than the session row (both are set from the same sign-in time), and a
      // logout writes the session, which the change watch sees.
      const user = await sessionUsers.read(`${sessionId}|${userId}`, () =>
        repo.findSessionUser(db, sessionId, userId, now),
      );
      if (!user) return null;
      credentials.sawSession(sessionId, now)?.catch((error: unknown) => {
        deps.log.warn({ err: error }, 'session last-seen time not written');
      });
      return { user, sessionId };
    },

    startSession,
    /** Cookies are marked Secure when the app is served over https. */
    secureCookies: deps.publicUrl.startsWith('https:'),
    /** The device id a browser keeps after signing in (see device-cookie.ts). */
    trustDevice: credentials.trustDevice,
    confirmPin: credentials.confirmPin,
    clearLockouts: credentials.clearLockouts,
    forgetDevices: credentials.forgetDevices,
    setPin: credentials.setPin,
    setEmail: credentials.setEmail,
    setProfile: credentials.setProfile,
    listSessions: credentials.listSessions,
    endSessions: credentials.endSessions,
    forget: credentials.forget,
    /** A user who has not deleted the account, by username or email, any case. */
    findByLogin: (login: string) => repo.findUserByLogin(db, login),
    findById: (userId: string) => repo.findUserById(db, userId),
    /** Whether a user other than `userId` has this email (any case). */
    async emailTakenByOther(email: string, userId: string): Promise<boolean> {
      const owner = await repo.findUserByLogin(db, email);
      return owner !== undefined && owner.id !== userId && owner.email_key === email.toLowerCase();
    },

    /**
     * Signs in a user another way in has proved (a passkey): the same session, token and answer
     * as a right PIN; a user who has gone meanwhile is refused as a wrong PIN is.
     */
    async openSession(
      userId: string,
      client: SignInClient = { deviceId: null, userAgent: null },
    ): Promise<LoginResponse> {
      const user = await repo.findUserById(db, userId);
      if (!user) throw invalidCredentials();
      return startSession(user, client);
    },

    logout: (sessionId: string) => repo.revokeSession(db, sessionId, clock.now()),

    /** The name a user gave at registration (a share page shows its first word only). */
    async fullNameOf(userId: string): Promise<string | undefined> {
      return (await repo.findUserById(db, userId))?.full_name;
    },

    async verifyEmail(token: string): Promise<{ success: true; message: string }> {
      if (!token) throw badRequest(ERROR_MESSAGES.noVerificationToken);
      const tokenHash = sha256(token);
      const row = await repo.findVerificationToken(db, tokenHash);
      if (!row) throw new AppError(400, 'VERIFICATION_UNKNOWN', AUTH_MESSAGES.verificationUnknown);
      if (row.email_verified_at) return { success: true, message: AUTH_MESSAGES.alreadyVerified };
      const now = clock.now();
      if (new Date(row.expires_at) <= now) {
        throw new AppError(400, 'VERIFICATION_EXPIRED', AUTH_MESSAGES.verificationExpired);
      }
      if (!(await repo.useVerificationToken(db, tokenHash, now))) {
        throw new AppError(400, 'VERIFICATION_UNKNOWN', AUTH_MESSAGES.verificationUnknown);
      }
      await repo.markEmailVerified(db, row.user_id, now);
      return { success: true, message: AUTH_MESSAGES.verified };
    },

    /** Same answer whether or not the address belongs to anyone. */
    async resendVerification(email: string): Promise<{ success: true; message: string }> {
      const emailKey = email.trim().toLowerCase();
      // Counted for every address asked about, so a 429 tells nothing about accounts either.
      await deps.limits.takeResend(emailKey);
      const user = await repo.findUserByLogin(db, email);
      if (user && user.email_key === emailKey && !user.email_verified_at) {
        await sendVerification(user);
      }
      return { success: true, message: AUTH_MESSAGES.resendSent };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
