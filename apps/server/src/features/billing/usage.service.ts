import {
  ERROR_CODES,
  ERROR_MESSAGES,
  PLANS,
  type PlanId,
  REQUEST_TIMEOUT_MS,
} from '@grasp/contract';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { ChangeWatch } from '../../db/change-watch.ts';
import type { DB, UsageCyclesTable } from '../../db/types.ts';
import { type Clock, millisecondsOf } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { type Recorder, silentRecorder } from '../../lib/recorder.ts';
import { createRowCache } from '../../lib/row-cache.ts';
import { addOneMonth } from './billing-period.ts';
import * as repo from './usage.repository.ts';

type Cycle = Selectable<UsageCyclesTable>;
type Db = Kysely<DB> | Transaction<DB>;

/** A unit taken for an answer still being produced: kept with the answer, or given back. */
export interface UnitHold {
  id: string;
  cycleId: string;
}

/**
 * No request holds a unit this long (providers give up after REQUEST_TIMEOUT_MS), so an older
 * hold belongs to a request that died with its process; its unit goes back to the user.
 */
export const STALE_HOLD_MS = 10 * REQUEST_TIMEOUT_MS;

export class UnitsExhaustedError extends AppError {
  constructor() {
    super(402, ERROR_CODES.unitsExhausted, ERROR_MESSAGES.noUnitsServer);
  }
}

function unitLimit(plan: string): number | null {
  const known = PLANS[plan.toLowerCase() as PlanId];
  return known ? known.monthlyUnits : PLANS.free.monthlyUnits;
}

/**
 * Monthly units (DESIGN.md §4): a cycle is one calendar month from its start, nothing rolls
 * over, a Pro cycle that is not renewed falls back to Free, and units are taken atomically.
 * A taken unit is held until the answer it pays for is stored (in the same transaction) or it
 * is given back; a crash in between leaves a hold, never a unit silently spent.
 */
export interface UsageDeps {
  db: Kysely<DB>;
  clock: Clock;
  recorder?: Recorder;
  /** Lets a user's current cycle be kept between requests (see lib/row-cache.ts). */
  changes?: ChangeWatch | undefined;
}

/** How long a user's cycle may be kept even with no change seen: a bound, not the rule. */
const CYCLE_KEPT_MS = 30_000;

export function createUsageService(deps: UsageDeps) {
  const recorder = deps.recorder ?? silentRecorder;
  const { db, clock } = deps;
  const latestCycles = createRowCache<Cycle>({
    watch: deps.changes,
    ttlMs: CYCLE_KEPT_MS,
    max: 10_000,
    now: millisecondsOf(clock),
  });

  async function openCycle(tx: Db, userId: string, plan: string, startsAt: Date): Promise<void> {
    const limit = unitLimit(plan);
    await repo.insertCycle(tx, {
      id: newId(),
      userId,
      plan: plan.toLowerCase(),
      startsAt,
      endsAt: addOneMonth(startsAt),
      unitLimit: limit,
    });
  }

  /** The plan of the next cycle: Pro lapses to Free unless a payment renewed it. */
  function nextPlan(previous: Cycle, current: string): string {
    return previous.plan === 'pro' && current.toLowerCase() === 'pro' ? 'free' : current;
  }

  async function rollOver(userId: string, previous: Cycle | undefined, now: Date): Promise<void> {
    const plan = (await repo.userPlan(db, userId))?.plan ?? 'free';
    if (!previous) return openCycle(db, userId, plan, now);
    const next = nextPlan(previous, plan);
    if (next !== plan) await repo.setUserPlan(db, userId, next);
    let start = new Date(previous.ends_at);
    while (addOneMonth(start) <= now) start = addOneMonth(start);
    await openCycle(db, userId, next, start);
  }

  // A kept cycle is the same object on every request: its end is parsed once.
  const ends = new WeakMap<Cycle, number>();
  const endOf = (cycle: Cycle) => {
    let known = ends.get(cycle);
    if (known === undefined) {
      known = Date.parse(cycle.ends_at);
      ends.set(cycle, known);
    }
    return known;
  };

  async function currentCycle(userId: string): Promise<Cycle> {
    const now = clock.now();
    const nowMs = now.getTime();
    for (let attempt = 0; attempt < 3; attempt++) {
      const latest = await latestCycles.read(userId, () => repo.latestCycle(db, userId));
      // The latest cycle is current until it ends, even when it begins after this clock: another
      // instance or the admin command, its clock ahead of ours, opened it (DESIGN.md §16).
      if (latest && endOf(latest) > nowMs) return latest;
      try {
        await rollOver(userId, latest, now);
      } catch (error) {
        // Another request rolled the cycle over first; read what it made.
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new Error(`No usage cycle could be opened for user ${userId}`);
  }

  /** Gives a held unit back; only the first caller for a hold does, so it is never twice. */
  async function giveUnitBack(hold: UnitHold): Promise<void> {
    const returned = await db.transaction().execute(async (tx) => {
      if (!(await repo.deleteHold(tx, hold.id))) return false;
      await repo.giveUnitBack(tx, hold.cycleId);
      return true;
    });
    if (returned) recorder.unitReturned();
  }

  async function returnUnit(tx: Transaction<DB>, hold: UnitHold): Promise<void> {
    if (!(await repo.deleteHold(tx, hold.id))) return;
    await repo.giveUnitBack(tx, hold.cycleId);
    recorder.unitReturned();
  }

  /** Gives back the units of a cycle's stale holds; how many there were. */
  async function releaseStaleHolds(cycleId: string): Promise<number> {
    const before = new Date(clock.now().getTime() - STALE_HOLD_MS);
    const stale = await repo.holdsCreatedBefore(db, cycleId, before);
    for (const id of stale) await giveUnitBack({ id, cycleId });
    return stale.length;
  }

  async function startPlan(tx: Db, userId: string, plan: string): Promise<void> {
    const now = clock.now();
    const latest = await repo.latestCycle(tx, userId);
    await repo.setUserPlan(tx, userId, plan.toLowerCase());
    // Begun this instant, or after it (by a clock ahead of ours): that cycle becomes the new one.
    if (latest && Date.parse(latest.starts_at) >= now.getTime()) {
      const fresh = {
        plan: plan.toLowerCase(),
        endsAt: addOneMonth(new Date(latest.starts_at)),
        unitLimit: unitLimit(plan),
      };
      return repo.restartCycle(tx, latest.id, fresh);
    }
    if (latest && new Date(latest.ends_at) > now) await repo.endCycle(tx, latest.id, now);
    await openCycle(tx, userId, plan, now);
  }

  return {
    /** Account deletion's step: usage cycles go (payments and invoices stay: CGST s.36). */
    forgetUser: (tx: Kysely<DB> | Transaction<DB>, userId: string) =>
      repo.deleteUsageOf(tx, userId),
    /** Opens the first cycle, inside the registration transaction. */
    openFirstCycle: (tx: Db, userId: string, plan = 'free') =>
      openCycle(tx, userId, plan, clock.now()),

    currentCycle,

    /**
     * The current cycle as it stands, opening none: a read (the console's page of a learner,
     * deleted or idle) never writes. Null when the latest cycle has ended or there is none.
     */
    async readCycle(userId: string): Promise<Cycle | null> {
      const latest = await repo.latestCycle(db, userId);
      return latest && Date.parse(latest.ends_at) > clock.now().getTime() ? latest : null;
    },

    /** Units left in the current cycle; null when the plan is unlimited. */
    async availableUnits(userId: string): Promise<number | null> {
      let cycle = await currentCycle(userId);
      if (await releaseStaleHolds(cycle.id)) cycle = await currentCycle(userId);
      return cycle.unit_limit === null ? null : Math.max(0, cycle.unit_limit - cycle.units_used);
    },

    /** Takes and holds one unit, or throws UnitsExhaustedError. */
    async takeUnit(userId: string): Promise<UnitHold> {
      const cycle = await currentCycle(userId);
      await releaseStaleHolds(cycle.id);
      const hold: UnitHold = { id: newId(), cycleId: cycle.id };
      const taken = await db.transaction().execute(async (tx) => {
        if (!(await repo.takeUnitFrom(tx, cycle.id))) return false;
        await repo.insertHold(tx, { ...hold, createdAt: clock.now() });
        return true;
      });
      if (!taken) throw new UnitsExhaustedError();
      recorder.unitTaken();
      return hold;
    },

    /** Spends a held unit for good, inside the transaction that stores what it paid for. */
    async keepUnit(tx: Transaction<DB>, hold: UnitHold): Promise<void> {
      await repo.deleteHold(tx, hold.id);
    },

    /**
     * Settles a held unit inside the transaction that stores what it paid for: given back when
     * `isRepeat` finds the same thing already paid for by a request that raced this one, else
     * kept. The cycle is locked first, so the racer's store is either committed or not begun.
     */
    async settleUnit(
      tx: Transaction<DB>,
      hold: UnitHold,
      isRepeat: () => Promise<boolean>,
    ): Promise<'kept' | 'returned'> {
      await repo.lockCycle(tx, hold.cycleId);
      if (await isRepeat()) {
        await returnUnit(tx, hold);
        return 'returned';
      }
      await repo.deleteHold(tx, hold.id);
      return 'kept';
    },

    /** Gives a held unit back inside a transaction: what it would have paid for was already paid. */
    returnUnit,

    giveUnitBack,

    /**
     * Adds units to the user's current cycle (an operator's grant); an unlimited cycle stays as
     * it is. The cycle as it is after.
     */
    async grantUnits(userId: string, units: number): Promise<Cycle> {
      const cycle = await currentCycle(userId);
      await repo.addUnits(db, cycle.id, units);
      return (await repo.latestCycle(db, userId)) ?? cycle;
    },

    /** Adds units to a cycle the caller read, in the caller's transaction (a staff change). */
    addUnits: (tx: Db, cycleId: string, units: number) => repo.addUnits(tx, cycleId, units),

    /** The user's newest cycle as a transaction sees it (a staff change's audit row). */
    latestCycleIn: (tx: Db, userId: string) => repo.latestCycle(tx, userId),

    /** Starts a fresh cycle on a new plan now (a Pro payment, or an admin's plan change). */
    startPlan,

    /** startPlan in a transaction of its own, or the caller's (the operator's console). */
    changePlan: (userId: string, plan: string, tx?: Transaction<DB>) =>
      tx
        ? startPlan(tx, userId, plan)
        : db.transaction().execute((t) => startPlan(t, userId, plan)),
  };
}
export type UsageService = ReturnType<typeof createUsageService>;
