import { PASSKEY_ERROR_CODES, PASSKEY_MESSAGES } from '@grasp/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { newId, newSecretToken } from '../../lib/ids.ts';
import * as repo from './passkeys.repository.ts';

/** Long enough to find a phone or a security key; the browser's prompt lasts as long. */
export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;

const expired = () => new AppError(400, PASSKEY_ERROR_CODES.challenge, PASSKEY_MESSAGES.expired);

/**
 * WebAuthn challenges kept in the database: 32 random bytes each, any instance can check an
 * answer, and taking one deletes it, so each is answered once.
 */
export function createPasskeyChallenges(deps: { db: Kysely<DB>; clock: Clock }) {
  const { db, clock } = deps;

  return {
    async issue(purpose: repo.ChallengePurpose, userId: string | null) {
      const now = clock.now();
      // Expired ones go as new ones come: the table holds only minutes of them.
      await repo.deleteExpiredChallenges(db, now.toISOString());
      const challenge = { id: newId(), challenge: newSecretToken() };
      await repo.insertChallenge(db, {
        ...challenge,
        purpose,
        userId,
        expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_MS).toISOString(),
      });
      return challenge;
    },

    /**
     * The challenge string, taken out for good; 400 when it is unknown, used, expired, or was
     * given to another account.
     */
    async take(
      where: { id: string } | { challenge: string },
      purpose: repo.ChallengePurpose,
      userId: string | null,
    ): Promise<string> {
      const row = await repo.takeChallenge(db, where, purpose, userId);
      if (!row) throw expired();
      if (row.expires_at <= clock.now().toISOString()) throw expired();
      return row.challenge;
    },
  };
}
export type PasskeyChallenges = ReturnType<typeof createPasskeyChallenges>;
