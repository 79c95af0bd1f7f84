import {
  type CreatedPasskey,
  type LoginResponse,
  PASSKEY_ERROR_CODES,
  PASSKEY_MESSAGES,
  PASSKEYS_PER_ACCOUNT,
  type Passkey,
  type PasskeyAuthenticationResponse,
  type PasskeyChallenge,
  type PasskeyList,
} from '@grasp/contract';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Kysely, Transaction } from 'kysely';
import type { DB, UserRow } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Mail, Mailer } from '../../lib/mailer.ts';
import { recipientOf } from '../../lib/recipient.ts';
import {
  CHALLENGE_LIFETIME_MS,
  createPasskeyChallenges,
  type PasskeyChallenges,
} from './passkey-challenges.ts';
import { type PasskeyNotice, passkeyAddedEmail, passkeyRemovedEmail } from './passkey-emails.ts';
import * as repo from './passkeys.repository.ts';
import type { RelyingParty } from './relying-party.ts';
import { answeredChallenge, type Credential, createWebAuthn, userHandleOf } from './webauthn.ts';

type Owner = Pick<UserRow, 'id' | 'username' | 'email' | 'full_name' | 'interface_language'>;

export interface PasskeysDeps {
  db: Kysely<DB>;
  clock: Clock;
  mailer: Mailer;
  rp: RelyingParty;
  publicUrl: string;
  /** Signs the account in exactly as a right PIN does (auth's session and token). */
  openSession: (userId: string, client: SignInClient) => Promise<LoginResponse>;
  /** Confirms the PIN for a signed-in session (a wrong one is 401, counted for that session). */
  confirmPin: (user: UserRow, pin: string, sessionId: string) => Promise<void>;
  /** The address's allowance of failed sign-ins, shared with the PIN; a success gives it back. */
  takeSignInFailure: (address: string) => Promise<() => Promise<void>>;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** The browser signing in: its `grasp_device` cookie's device id, and its user agent. */
export interface SignInClient {
  deviceId: string | null;
  userAgent: string | null;
}

export interface PasskeyAssertion {
  challengeId: string;
  response: PasskeyAuthenticationResponse;
}

const refusal = (status: number, code: string, message: string) =>
  new AppError(status, code, message);

const descriptorOf = (row: { credential_id: string; transports: string }) => ({
  credentialId: row.credential_id,
  transports: JSON.parse(row.transports) as string[],
});

const credentialOf = (
  row: Parameters<typeof descriptorOf>[0] & { public_key: string; counter: number },
): Credential => ({ ...descriptorOf(row), publicKey: row.public_key, counter: row.counter });

function present(row: {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}): Passkey {
  return { id: row.id, name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at };
}

/**
 * Passkeys (DESIGN.md §14): adding, naming and removing them on /account, signing in with one
 * (discoverable, no username), and confirming a signed-in user (the console's sudo).
 */
export function createPasskeysService(deps: PasskeysDeps) {
  const { db, clock, rp } = deps;
  const webauthn = createWebAuthn(rp, deps.log);
  const challenges: PasskeyChallenges = createPasskeyChallenges({ db, clock });
  const timeoutMs = CHALLENGE_LIFETIME_MS;

  async function tell(owner: Owner, mail: (notice: PasskeyNotice) => Mail, passkeyName: string) {
    const notice = {
      recipient: recipientOf(owner),
      passkeyName,
      at: clock.now(),
      accountUrl: `${deps.publicUrl}/account`,
    };
    try {
      await deps.mailer.send(mail(notice));
    } catch (error) {
      // The change stands; the notice is a courtesy the mail server may delay.
      deps.log.warn({ err: error, userId: owner.id }, 'passkey notice could not be sent');
    }
  }

  /**
   * Checks an assertion against one of the stored passkeys (of `userId` when given) and
   * records its use: the counter, so a cloned authenticator shows, and the backup state.
   */
  async function assert(
    response: PasskeyAuthenticationResponse,
    expected: string,
    userId: string | null,
    status: number,
  ) {
    const passkey = await repo.findByCredentialId(db, response.id);
    if (!passkey || (userId !== null && passkey.user_id !== userId))
      throw refusal(status, PASSKEY_ERROR_CODES.unknown, PASSKEY_MESSAGES.unknown);
    const handle = response.response.userHandle;
    const failed = () => refusal(status, PASSKEY_ERROR_CODES.failed, PASSKEY_MESSAGES.failed);
    if (handle !== undefined && handle !== userHandleOf(passkey.user_id)) throw failed();
    const used = await webauthn.verifyAuthentication(response, expected, credentialOf(passkey));
    if (!used) throw failed();
    await repo.recordUse(db, passkey.id, { ...used, at: clock.now().toISOString() });
    return passkey.user_id;
  }

  return {
    /** Account deletion's step: every passkey and pending challenge of the user goes. */
    forgetUser: (tx: Kysely<DB> | Transaction<DB>, userId: string) => repo.deleteAllOf(tx, userId),
    /**
     * Options for navigator.credentials.create(), leaving out the passkeys already added. Only
     * with the PIN: a stolen session must not bind an authenticator of its own (NIST 800-63B).
     */
    async registrationOptions(owner: UserRow, sessionId: string, pin: string) {
      await deps.confirmPin(owner, pin, sessionId);
      const existing = await repo.listPasskeys(db, owner.id);
      if (existing.length >= PASSKEYS_PER_ACCOUNT)
        throw refusal(409, PASSKEY_ERROR_CODES.tooMany, PASSKEY_MESSAGES.tooMany);
      const { challenge } = await challenges.issue('register', owner.id);
      const options = await webauthn.registrationOptions({
        challenge,
        user: { id: owner.id, username: owner.username, fullName: owner.full_name },
        exclude: existing.map(descriptorOf),
        timeoutMs,
      });
      return { options };
    },

    async register(
      owner: Owner,
      input: { response: RegistrationResponseJSON; name?: string | undefined },
    ): Promise<CreatedPasskey> {
      const answered = await answeredChallenge(input.response.response.clientDataJSON);
      const failed = refusal(400, PASSKEY_ERROR_CODES.failed, PASSKEY_MESSAGES.failed);
      if (!answered) throw failed;
      const challenge = await challenges.take({ challenge: answered }, 'register', owner.id);
      const credential = await webauthn.verifyRegistration(input.response, challenge);
      if (!credential) throw failed;
      const count = await repo.countPasskeys(db, owner.id);
      if (count >= PASSKEYS_PER_ACCOUNT)
        throw refusal(409, PASSKEY_ERROR_CODES.tooMany, PASSKEY_MESSAGES.tooMany);
      const passkey = {
        id: newId(),
        name: input.name ?? `Passkey ${count + 1}`,
        createdAt: clock.now().toISOString(),
      };
      try {
        await repo.insertPasskey(db, { ...passkey, ...credential, userId: owner.id });
      } catch (error) {
        if (isUniqueViolation(error))
          throw refusal(409, PASSKEY_ERROR_CODES.exists, PASSKEY_MESSAGES.alreadyAdded);
        throw error;
      }
      await tell(owner, passkeyAddedEmail, passkey.name);
      return passkey;
    },

    /** Names and dates of a user's passkeys, oldest first (the reset notice lists them). */
    async namesOf(userId: string): Promise<{ name: string; createdAt: string }[]> {
      return (await repo.listPasskeys(db, userId)).map((row) => ({
        name: row.name,
        createdAt: row.created_at,
      }));
    },

    async list(userId: string): Promise<PasskeyList> {
      return { passkeys: (await repo.listPasskeys(db, userId)).map(present) };
    },

    /** Another account's passkey is 404, as an unknown one is. */
    async rename(userId: string, id: string, name: string): Promise<Passkey> {
      const row = await repo.renamePasskey(db, userId, id, name);
      if (!row) throw notFound(PASSKEY_MESSAGES.notFound);
      return present(row);
    },

    async remove(owner: Owner, id: string): Promise<void> {
      const name = await repo.deletePasskey(db, owner.id, id);
      if (name === undefined) throw notFound(PASSKEY_MESSAGES.notFound);
      await tell(owner, passkeyRemovedEmail, name);
    },

    /** Sign-in options: discoverable credentials, so no username and no list of passkeys. */
    async signInOptions(): Promise<PasskeyChallenge> {
      const { id, challenge } = await challenges.issue('sign-in', null);
      return {
        challengeId: id,
        options: await webauthn.authenticationOptions({ challenge, timeoutMs }),
      };
    },

    /** The PIN login's answer for a passkey's assertion; a refusal costs the address as a wrong PIN. */
    async signIn(
      input: PasskeyAssertion,
      address: string,
      client: SignInClient,
    ): Promise<LoginResponse> {
      const giveBack = await deps.takeSignInFailure(address);
      let refused = false;
      try {
        const challenge = await challenges.take({ id: input.challengeId }, 'sign-in', null);
        const userId = await assert(input.response, challenge, null, 401);
        return await deps.openSession(userId, client);
      } catch (error) {
        refused =
          error instanceof AppError && (error.statusCode === 400 || error.statusCode === 401);
        throw error;
      } finally {
        if (!refused) await giveBack();
      }
    },

    /** Options to confirm the signed-in user with one of their own passkeys (sudo). */
    async confirmationOptions(userId: string): Promise<PasskeyChallenge> {
      const existing = await repo.listPasskeys(db, userId);
      if (existing.length === 0) throw notFound(PASSKEY_MESSAGES.notFound);
      const { id, challenge } = await challenges.issue('confirm', userId);
      const allow = existing.map(descriptorOf);
      return {
        challengeId: id,
        options: await webauthn.authenticationOptions({ challenge, allow, timeoutMs }),
      };
    },

    /**
     * Resolves when the assertion answers a confirmation challenge given to `userId` with one
     * of that user's passkeys; otherwise throws 401 (PASSKEY_UNKNOWN, PASSKEY_FAILED) or 400
     * (PASSKEY_CHALLENGE). For the operator console's sudo, beside the PIN.
     */
    async verifyPasskeyAssertion(userId: string, input: PasskeyAssertion): Promise<void> {
      const challenge = await challenges.take({ id: input.challengeId }, 'confirm', userId);
      await assert(input.response, challenge, userId, 401);
    },
  };
}
export type PasskeysService = ReturnType<typeof createPasskeysService>;
