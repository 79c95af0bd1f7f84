import {
  AUDIT_CLI_ACTOR,
  type AuditAction,
  type AuditEntry,
  auditActionSchema,
} from '@grasp/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import * as repo from './audit.repository.ts';

/** Who acted: a staff member, or the command line on the server. */
export interface StaffActor {
  id: string | null;
  name: string;
}
export const CLI_ACTOR: StaffActor = { id: null, name: AUDIT_CLI_ACTOR };

export type Snapshot = Record<string, unknown>;

export interface StaffActionInput {
  actor: StaffActor;
  action: AuditAction;
  target: { type: 'user' | 'payment'; id: string; label: string };
  reason: string;
}

/** What a change reports: the target before and after it, and what the caller answers with. */
export interface ChangeOutcome<T> {
  before: Snapshot | null;
  after: Snapshot | null;
  result: T;
}

const parse = (json: string | null): Snapshot | null =>
  json === null ? null : (JSON.parse(json) as Snapshot);

const toEntry = (row: repo.StaffActionRow): AuditEntry => ({
  id: row.id,
  at: row.at,
  actorId: row.actor_id,
  actor: row.actor,
  action: auditActionSchema.parse(row.action),
  targetType: row.target_type === 'payment' ? 'payment' : 'user',
  targetId: row.target_id,
  targetLabel: row.target_label,
  reason: row.reason,
  before: parse(row.before_json),
  after: parse(row.after_json),
});

/**
 * The audit log of DESIGN.md §15. Every staff change, from the console or the command line, is
 * made through `act`, which runs the change in a transaction and appends its row in the same
 * one: the change and its row commit together or not at all. Nothing here (or anywhere) updates
 * or deletes a row.
 */
export function createAudit(deps: { db: Kysely<DB>; clock: Clock }) {
  const { db, clock } = deps;

  const rowOf = (input: StaffActionInput, before: Snapshot | null, after: Snapshot | null) => ({
    id: newId(),
    at: clock.now().toISOString(),
    actor_id: input.actor.id,
    actor: input.actor.name,
    action: input.action,
    target_type: input.target.type,
    target_id: input.target.id,
    target_label: input.target.label,
    reason: input.reason,
    before_json: before ? JSON.stringify(before) : null,
    after_json: after ? JSON.stringify(after) : null,
  });

  return {
    /** Every write of `change` goes through `tx`: a query on the pool would wait on SQLite. */
    async act<T>(
      input: StaffActionInput,
      change: (tx: Transaction<DB>) => Promise<ChangeOutcome<T>>,
    ): Promise<T> {
      return db.transaction().execute(async (tx) => {
        const { before, after, result } = await change(tx);
        await repo.insertStaffAction(tx, rowOf(input, before, after));
        return result;
      });
    },

    /** Adds a change's row inside the transaction that made the change (the command line's). */
    async recordIn(
      tx: Transaction<DB>,
      input: StaffActionInput,
      outcome: { before: Snapshot | null; after: Snapshot | null },
    ): Promise<void> {
      await repo.insertStaffAction(tx, rowOf(input, outcome.before, outcome.after));
    },

    /**
     * A change that calls a payment gateway cannot wait inside a transaction: its row is added
     * once the change is made (the gateway's answer, not ours, settles it). A change that throws
     * leaves no row.
     */
    async actOutside<T>(
      input: StaffActionInput,
      change: () => Promise<ChangeOutcome<T>>,
    ): Promise<T> {
      const { before, after, result } = await change();
      await repo.insertStaffAction(db, rowOf(input, before, after));
      return result;
    },

    async list(filter: repo.AuditFilter): Promise<{ entries: AuditEntry[]; total: number }> {
      const { rows, total } = await repo.searchStaffActions(db, filter);
      return { entries: rows.map(toEntry), total };
    },
  };
}
export type Audit = ReturnType<typeof createAudit>;
