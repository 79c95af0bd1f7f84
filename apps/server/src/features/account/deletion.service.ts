import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { recipientOf } from '../../lib/recipient.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { Caller } from './account.service.ts';
import { accountMails } from './account-mails.ts';

/** One feature's part of deleting an account, run inside the deletion's transaction. */
export interface DeletionStep {
  name: string;
  run: (tx: Kysely<DB> | Transaction<DB>, userId: string) => Promise<void>;
}

/**
 * Deleting an account (DESIGN.md §14): the PIN, then every feature's step in one transaction, so
 * everything personal goes at once or nothing does; the account row stays, anonymous, for the
 * payments and invoices the law keeps. The steps are listed where the services are built
 * (services.ts), one per feature.
 */
export function createDeletionService(deps: {
  db: Kysely<DB>;
  mailer: Mailer;
  auth: Pick<AuthService, 'confirmPin' | 'clearLockouts'>;
  steps: readonly DeletionStep[];
  log: { warn(obj: object, msg: string): void };
}) {
  return {
    /** A wrong PIN is 401 (a failed sign-in); then the account is gone, and a last mail says so. */
    async deleteAccount(caller: Caller, pin: string): Promise<void> {
      const { user } = caller;
      await deps.auth.confirmPin(user, pin, caller.sessionId);
      await deps.db.transaction().execute(async (tx) => {
        for (const step of deps.steps) {
          await step.run(tx, user.id).catch((error: unknown) => {
            deps.log.warn({ err: error, step: step.name }, 'account deletion step failed');
            throw error;
          });
        }
      });
      await deps.auth.clearLockouts(user.id);
      deps.mailer.send(accountMails.deleted(recipientOf(user))).catch((error: unknown) => {
        deps.log.warn({ err: error }, 'account deletion mail could not be sent');
      });
    },
  };
}
export type DeletionService = ReturnType<typeof createDeletionService>;
