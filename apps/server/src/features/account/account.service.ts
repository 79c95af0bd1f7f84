import {
  ACCOUNT_ERROR_CODES,
  ACCOUNT_MESSAGES,
  type AccountSession,
  EMAIL_CHANGE_LIFETIME_MS,
  emailProblem,
  newPinProblem,
  PIN_RESET_LIFETIME_MS,
  PIN_RESET_MAILS_PER_HOUR,
  profileProblem,
  type UpdateProfileRequest,
  type UserResponse,
} from '@grasp/contract';
import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { newSecretToken, sha256 } from '../../lib/ids.ts';
import type { Mail, Mailer } from '../../lib/mailer.ts';
import { presentUser } from '../../lib/present-user.ts';
import { recipientOf } from '../../lib/recipient.ts';
import type { SlidingWindows } from '../../lib/sliding-window.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { emailTaken } from '../auth/credentials.ts';
import * as repo from './account.repository.ts';
import { accountMails } from './account-mails.ts';
import { deviceInWords } from './device-words.ts';

const HOUR_MS = 60 * 60 * 1000;

export type AccountAuth = Pick<
  AuthService,
  | 'findByLogin'
  | 'findById'
  | 'confirmPin'
  | 'setPin'
  | 'setEmail'
  | 'setProfile'
  | 'clearLockouts'
  | 'forgetDevices'
  | 'listSessions'
  | 'endSessions'
  | 'emailTakenByOther'
>;

export interface AccountServiceDeps {
  db: Kysely<DB>;
  clock: Clock;
  mailer: Mailer;
  auth: AccountAuth;
  /** The account's passkeys, named in the notice after a reset (a reset does not end them). */
  passkeysOf: (userId: string) => Promise<{ name: string; createdAt: string }[]>;
  windows: SlidingWindows;
  /** RATE_LIMIT_SCALE. */
  scale: number;
  publicUrl: string;
  log: { warn(obj: object, msg: string): void };
}

/** The caller of an /api/me route: who, and through which session. */
export interface Caller {
  user: UserRow;
  sessionId: string;
}

const invalidToken = () =>
  new AppError(400, ACCOUNT_ERROR_CODES.invalidToken, ACCOUNT_MESSAGES.invalidToken);

const ok = (message: string) => ({ success: true as const, message });

/**
 * Recovery and changes of an account (DESIGN.md §14): forgotten PIN, PIN, email, name and
 * mobile, sessions. The users and sessions rows belong to the auth feature: reached through
 * its service only. Every change mails the account's address a notice.
 */
export function createAccountService(deps: AccountServiceDeps) {
  const { db, clock, auth } = deps;
  const resetMails = deps.windows('pin-reset-mails', HOUR_MS);
  const resetMailLimit = Math.ceil(PIN_RESET_MAILS_PER_HOUR * deps.scale);

  /** Mails go after the answer: the time of an answer tells nothing about the mail. */
  function notify(mail: Mail): void {
    deps.mailer.send(mail).catch((error: unknown) => {
      deps.log.warn({ err: error, subject: mail.subject }, 'account mail could not be sent');
    });
  }

  /** A single-use link to choose a new PIN, kept only as its hash; 3 an hour, whoever asks. */
  async function sendResetLink(user: UserRow): Promise<void> {
    if (!(await resetMails.take(user.id, resetMailLimit)).taken) return;
    const token = newSecretToken();
    const now = clock.now();
    await repo.insertPinReset(db, {
      tokenHash: sha256(token),
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + PIN_RESET_LIFETIME_MS),
    });
    const url = `${deps.publicUrl}/reset-pin?token=${encodeURIComponent(token)}`;
    const passkeys = await deps.passkeysOf(user.id);
    notify(accountMails.resetLink(recipientOf(user), url, passkeys, `${deps.publicUrl}/account`));
  }

  /** The live user a link names; an unknown link (or a deleted account) is INVALID_TOKEN. */
  async function linkUser(row: { user_id: string } | undefined): Promise<UserRow> {
    const user = row ? await auth.findById(row.user_id) : undefined;
    if (!user) throw invalidToken();
    return user;
  }

  return {
    /** 202 with the same body whether or not the account exists; at most 3 mails an hour. */
    async forgotPin(identifier: string) {
      if (!identifier.trim()) throw badRequest(ACCOUNT_MESSAGES.identifierRequired);
      const user = await auth.findByLogin(identifier);
      // The link is made and mailed after the answer, which so takes as long for an account
      // that exists as for one that does not (OWASP Forgot Password).
      if (user) {
        sendResetLink(user).catch((error: unknown) => {
          deps.log.warn({ err: error }, 'PIN reset link could not be made');
        });
      }
      return ok(ACCOUNT_MESSAGES.resetRequested);
    },

    /**
     * Every session ends and nobody is signed in; the account's locks are lifted, its devices
     * forgotten and its links ended.
     */
    async resetPin(token: string, pin: string, confirmPin: string) {
      const problem = newPinProblem(pin, confirmPin);
      if (problem) throw badRequest(problem);
      if (!token) throw invalidToken();
      const hash = sha256(token);
      const user = await linkUser(await repo.findPinReset(db, hash));
      const now = clock.now();
      if (!(await repo.spendLink(db, 'pin_reset_tokens', hash, now))) throw invalidToken();
      await auth.setPin(user.id, pin);
      await auth.endSessions(user.id);
      await auth.clearLockouts(user.id);
      await auth.forgetDevices(user.id);
      await repo.endAllLinks(db, user.id, now);
      // Passkeys stay (another way in the owner may rely on), so the notice names each and
      // where to remove one that is not theirs.
      const passkeys = await deps.passkeysOf(user.id);
      notify(accountMails.pinReset(recipientOf(user), passkeys, `${deps.publicUrl}/account`));
      return ok(ACCOUNT_MESSAGES.pinReset);
    },

    /**
     * A wrong current PIN is a failed sign-in of this session; the caller's other sessions end,
     * the account's devices are forgotten and its links ended.
     */
    async changePin(caller: Caller, currentPin: string, pin: string, confirmPin: string) {
      const problem = newPinProblem(pin, confirmPin);
      if (problem) throw badRequest(problem);
      await auth.confirmPin(caller.user, currentPin, caller.sessionId);
      await auth.setPin(caller.user.id, pin);
      await auth.endSessions(caller.user.id, { except: caller.sessionId });
      await auth.forgetDevices(caller.user.id);
      await repo.endAllLinks(db, caller.user.id, clock.now());
      notify(accountMails.pinChanged(recipientOf(caller.user)));
      return ok(ACCOUNT_MESSAGES.pinChanged);
    },

    /** The new address gets a link (24 h); the old one is told. Nothing changes until then. */
    async changeEmail(caller: Caller, pin: string, email: string) {
      const { user } = caller;
      const problem = emailProblem(email);
      if (problem) throw badRequest(problem);
      const newEmail = email.trim();
      if (newEmail.toLowerCase() === user.email_key) throw badRequest(ACCOUNT_MESSAGES.sameEmail);
      await auth.confirmPin(user, pin, caller.sessionId);
      if (await auth.emailTakenByOther(newEmail, user.id)) throw emailTaken();
      const token = newSecretToken();
      const now = clock.now();
      await repo.expireLinks(db, 'email_change_tokens', user.id, now);
      await repo.insertEmailChange(db, {
        tokenHash: sha256(token),
        userId: user.id,
        newEmail,
        createdAt: now,
        expiresAt: new Date(now.getTime() + EMAIL_CHANGE_LIFETIME_MS),
      });
      const url = `${deps.publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
      notify(accountMails.confirmEmail({ ...recipientOf(user), to: newEmail }, url));
      notify(accountMails.emailChangeAsked(recipientOf(user), newEmail));
      return ok(ACCOUNT_MESSAGES.emailChangeSent);
    },

    /** The link from the new address: the change happens now (409 if taken meanwhile). */
    async confirmEmail(token: string) {
      if (!token) throw invalidToken();
      const hash = sha256(token);
      const row = await repo.findEmailChange(db, hash);
      const user = await linkUser(row);
      const newEmail = row?.new_email ?? '';
      if (await auth.emailTakenByOther(newEmail, user.id)) throw emailTaken();
      const now = clock.now();
      if (!(await repo.spendLink(db, 'email_change_tokens', hash, now))) throw invalidToken();
      await auth.setEmail(user.id, newEmail);
      // A reset link mailed to the old address must not outlive the move.
      await repo.endAllLinks(db, user.id, now);
      notify(accountMails.emailChanged(recipientOf(user), newEmail));
      return ok(ACCOUNT_MESSAGES.emailChanged);
    },

    async updateProfile(caller: Caller, input: UpdateProfileRequest): Promise<UserResponse> {
      const problem = profileProblem(input);
      if (problem) throw badRequest(problem);
      const changes = {
        ...(input.fullName !== undefined ? { fullName: input.fullName.trim() } : {}),
        ...(input.mobile !== undefined ? { mobile: input.mobile.trim() } : {}),
        ...(input.interfaceLanguage !== undefined
          ? { interfaceLanguage: input.interfaceLanguage }
          : {}),
      };
      await auth.setProfile(caller.user.id, changes);
      const user = await auth.findById(caller.user.id);
      if (!user) throw notFound();
      const name = changes.fullName !== undefined;
      const mobile = changes.mobile !== undefined;
      // The language is no one's to steal: only a changed name or number is worth a notice.
      if (name || mobile) {
        const what = name && mobile ? 'both' : name ? 'name' : 'mobile';
        notify(accountMails.profileChanged(recipientOf(user), what));
      }
      return { success: true, user: presentUser(user) };
    },

    /** The signed-in user as the API shows it (DESIGN.md §17: with the interface language). */
    async me(caller: Caller): Promise<UserResponse> {
      const user = await auth.findById(caller.user.id);
      if (!user) throw notFound();
      return { success: true, user: presentUser(user) };
    },

    async sessions(caller: Caller): Promise<{ sessions: AccountSession[] }> {
      const rows = await auth.listSessions(caller.user.id);
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          current: row.id === caller.sessionId,
          createdAt: row.created_at,
          lastSeenAt: row.last_seen_at ?? row.created_at,
          device: deviceInWords(row.user_agent),
        })),
      };
    },

    /** Another account's session (or one already ended) is 404: ids cannot be probed. */
    async endSession(caller: Caller, sessionId: string): Promise<void> {
      const ended = await auth.endSessions(caller.user.id, { only: sessionId });
      if (ended === 0) throw notFound(ACCOUNT_MESSAGES.sessionNotFound);
      notify(accountMails.sessionsEnded(recipientOf(caller.user), ended));
    },

    async endOtherSessions(caller: Caller): Promise<void> {
      const ended = await auth.endSessions(caller.user.id, { except: caller.sessionId });
      if (ended > 0) {
        notify(accountMails.sessionsEnded(recipientOf(caller.user), ended));
      }
    },

    /** Deletion's step for this feature's own rows (its links). */
    forgetLinks: (tx: Kysely<DB>, userId: string) => repo.deleteLinksOf(tx, userId),
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
