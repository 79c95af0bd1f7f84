import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../db/types.ts';
import type { UnitHold } from '../../billing/usage.service.ts';
import * as repo from '../explain.repository.ts';
import { createRepeatCheck } from '../repeat-check.ts';
import type { ExplanationSponsor, SponsoredExplanation } from '../sponsor.ts';

export interface Units {
  currentCycle(userId: string): Promise<{ starts_at: string }>;
  takeUnit(userId: string): Promise<UnitHold>;
  settleUnit(
    tx: Transaction<DB>,
    hold: UnitHold,
    isRepeat: () => Promise<boolean>,
  ): Promise<'kept' | 'returned'>;
  giveUnitBack(hold: UnitHold): Promise<void>;
}

/** How an answer is paid for, settled before it is composed. */
export interface Payment {
  /** The unit this answer pays with; null for a free repeat or a sponsored answer. */
  hold: UnitHold | null;
  /** Start of the user's cycle: an identical ask since then makes this one free. */
  since: string;
  /** Who pays instead of the learner, if anyone. */
  sponsored?: SponsoredExplanation | null;
}

/** An ask as payment sees it: the repeat check's fields, without the cycle start. */
export type PaidAsk = Omit<repo.Ask, 'since'> & { fresh?: boolean | undefined };

/**
 * Stage 5, spend (DESIGN.md §4): a unit is held before the answer is composed, kept in the
 * transaction that records the answer, and given back when the answer fails. A repeat within the
 * cycle and a sponsored answer hold none.
 */
export function createSpending(deps: {
  db: Kysely<DB>;
  units: Units;
  sponsor?: ExplanationSponsor | undefined;
}) {
  const isRepeat = createRepeatCheck(deps.db);
  return {
    async reserve(ask: PaidAsk): Promise<Payment> {
      const cycle = await deps.units.currentCycle(ask.userId);
      const since = cycle.starts_at;
      const { fresh, ...parts } = ask;
      const repeat = !fresh && (await isRepeat({ ...parts, since }));
      const sponsored =
        repeat || !deps.sponsor
          ? null
          : await deps.sponsor.claim({
              userId: ask.userId,
              queryKey: ask.queryKey,
              template: ask.template,
              difficulty: ask.difficulty,
              language: ask.language,
            });
      const hold = repeat || sponsored ? null : await deps.units.takeUnit(ask.userId);
      return { hold, since, sponsored };
    },

    /**
     * Keeps the held unit, inside the transaction that records the answer: a crash between two
     * writes would otherwise charge for an answer never kept. The same ask sent at the same
     * moment was stored (and paid for) first: this one is then free.
     */
    async settle(tx: Transaction<DB>, hold: UnitHold, ask: PaidAsk & { since: string }) {
      const { fresh, ...parts } = ask;
      await deps.units.settleUnit(
        tx,
        hold,
        async () => !fresh && (await repo.hasAskedSince(tx, parts)),
      );
    },

    /** The answer failed: the unit or the sponsor's claim goes back. */
    async refund(payment: Pick<Payment, 'hold' | 'sponsored'>): Promise<void> {
      if (payment.hold) await deps.units.giveUnitBack(payment.hold);
      if (payment.sponsored) await payment.sponsored.release();
    },
  };
}
export type Spending = ReturnType<typeof createSpending>;
