import { type Role, SUDO_TTL_MS } from '@grasp/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import * as repo from './accounts.repository.ts';

type Db = Kysely<DB> | Transaction<DB>;

export type Account = NonNullable<Awaited<ReturnType<typeof repo.findAccount>>>;
export type AccountSearch = repo.AccountSearch;

/**
 * Accounts as staff see and change them (DESIGN.md §15): the console reaches users and sessions
 * only through these functions. Ending sessions writes the sessions rows, which every instance
 * reads on every request (and its session cache watches), so it holds everywhere at once.
 */
export function createAccountsService(deps: { db: Kysely<DB>; clock: Clock }) {
  const { db, clock } = deps;

  return {
    search: (search: AccountSearch) => repo.searchAccounts(db, search),
    find: (id: string) => repo.findAccount(db, id),
    findByUsername: (username: string) => repo.findAccountByUsername(db, username),
    // The changes (and the reads that show them) take the transaction of a staff change, so the
    // change and its audit row commit together (admin/audit.service.ts).
    openSessions: (userId: string, tx: Db = db) => repo.openSessionsOf(tx, userId, clock.now()),
    revokeSessions: (userId: string, tx: Db = db) => repo.revokeSessionsOf(tx, userId, clock.now()),
    setRole: (userId: string, role: Role, tx: Db = db) => repo.setRole(tx, userId, role),
    usernames: (ids: string[]) => repo.usernamesOf(db, ids),
    count: () => repo.countAccounts(db),
    signUpsByDay: (from: Date) => repo.signUpsByDay(db, from.toISOString().slice(0, 10)),

    /** A disabled account cannot sign in, and its sessions end now (in the caller's transaction). */
    async disable(userId: string, tx: Transaction<DB>): Promise<void> {
      const now = clock.now();
      await repo.setDisabledAt(tx, userId, now.toISOString());
      await repo.revokeSessionsOf(tx, userId, now);
    },
    enable: (userId: string, tx: Db = db) => repo.setDisabledAt(tx, userId, null),

    /** This session may make staff changes for the next 30 minutes. */
    async grantSudo(sessionId: string): Promise<Date> {
      const until = new Date(clock.now().getTime() + SUDO_TTL_MS);
      await repo.setSudoUntil(db, sessionId, until);
      return until;
    },
    /** Until when this session may make staff changes; null when it may not now. */
    async sudoUntil(sessionId: string): Promise<Date | null> {
      const until = await repo.sudoUntil(db, sessionId);
      if (!until) return null;
      const at = new Date(until);
      return at > clock.now() ? at : null;
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
