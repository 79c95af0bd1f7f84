import {
  type ConceptStatus,
  type DistillResponse,
  distillTemplate,
  ERROR_CODES,
  ERROR_MESSAGES,
  findTemplate,
  isFreePlan,
  isPremiumTemplate,
  type ProviderId,
  providerLabel,
  REQUEST_TIMEOUT_MS,
} from '@grasp/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB, UserRow } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { queryKey } from '../../lib/query-key.ts';
import type { UnitHold } from '../billing/usage.service.ts';
import { providerUnavailableError, toProviderAppError } from '../explain/explain-errors.ts';
import { ProviderFailureError } from '../explain/providers/provider.ts';
import { cleanConcepts } from './concept-list.ts';
import * as repo from './distill.repository.ts';
import type { DistillerLookup } from './distiller.ts';
import { cleanPrerequisites, foundationalFirst, type Prerequisite } from './prerequisites.ts';

export interface DistillDeps {
  db: Kysely<DB>;
  clock: Clock;
  distillers: DistillerLookup;
  units: {
    /** The cycle a repeat must fall in to be free. */
    currentCycle(userId: string): Promise<{ starts_at: string }>;
    takeUnit(userId: string): Promise<UnitHold>;
    settleUnit(
      tx: Transaction<DB>,
      hold: UnitHold,
      isRepeat: () => Promise<boolean>,
    ): Promise<'kept' | 'returned'>;
    giveUnitBack(hold: UnitHold): Promise<void>;
  };
  timeoutMs?: number;
  /** The learning feature's recaps: where each concept stands for the user (the map's colours). */
  recaps: {
    statusOf(userId: string, concepts: readonly string[]): Promise<Record<string, ConceptStatus>>;
  };
  /** Picks the historical template; tests pin it. */
  random?: () => number;
}

export interface DistillInput {
  subject: string;
  provider?: ProviderId | undefined;
}

/** The explain feature's mapping, with the distiller's own words for a failed call. */
function toDistillAppError(error: unknown): AppError {
  const mapped = toProviderAppError(error);
  if (mapped.statusCode !== 502) return mapped;
  return new AppError(502, ERROR_CODES.providerError, ERROR_MESSAGES.distillFailed);
}

export function createDistillService(deps: DistillDeps) {
  const { db, clock } = deps;

  return {
    /**
     * One distillation for one unit (DESIGN.md §4): the unit is taken before the provider is
     * asked and given back if it fails or answers nothing usable. Distilling a subject again
     * within the cycle is free, like a repeated explanation: the same normalised subject in the
     * same template (the one it got before, while the plan allows it) answers with the concepts
     * already found, and asks no provider.
     */
    async distill(user: UserRow, input: DistillInput): Promise<DistillResponse> {
      const providerId = input.provider ?? deps.distillers.defaultId;
      const distiller = deps.distillers.get(providerId);
      if (!distiller?.available) throw providerUnavailableError(providerLabel(providerId));
      const subjectKey = queryKey(input.subject);
      const cycle = await deps.units.currentCycle(user.id);
      const ask = { userId: user.id, subjectKey, since: cycle.starts_at };
      const earlier = await repo.latestDistillationSince(db, ask);
      const record = (
        tx: Kysely<DB> | Transaction<DB>,
        template: string,
        concepts: string[],
        prerequisites: Prerequisite[],
      ) =>
        repo.insertDistillation(tx, {
          id: newId(),
          userId: user.id,
          subject: input.subject,
          subjectKey,
          template,
          concepts,
          prerequisites,
          createdAt: clock.now(),
        });
      const again = earlier && findTemplate(earlier.template);
      if (earlier && again && !(isPremiumTemplate(again.id) && isFreePlan(user.plan))) {
        await record(db, again.id, earlier.concepts, earlier.prerequisites);
        const status = await deps.recaps.statusOf(user.id, earlier.concepts);
        return {
          concepts: earlier.concepts,
          template: again.id,
          prerequisites: earlier.prerequisites,
          status,
        };
      }
      const template = distillTemplate(input.subject, user.plan, deps.random);
      const hold = await deps.units.takeUnit(user.id);
      let concepts: string[];
      let prerequisites: Prerequisite[];
      try {
        const signal = AbortSignal.timeout(deps.timeoutMs ?? REQUEST_TIMEOUT_MS);
        const distilled = await distiller.distill(input.subject, signal);
        const names = cleanConcepts(distilled.concepts);
        // Pairs naming a concept not in the list go, cycles are broken, prerequisites lead.
        prerequisites = cleanPrerequisites(names, distilled.prerequisites);
        concepts = foundationalFirst(names, prerequisites);
        if (concepts.length === 0) {
          throw new ProviderFailureError(`${providerId} distilled no usable concepts`);
        }
      } catch (error) {
        await deps.units.giveUnitBack(hold);
        throw toDistillAppError(error);
      }
      // Spent together with the stored distillation, so a crash cannot spend it for nothing;
      // given back when the same subject sent at the same moment was stored first.
      const first = await db.transaction().execute(async (tx) => {
        let racer: Awaited<ReturnType<typeof repo.latestDistillationSince>>;
        await deps.units.settleUnit(tx, hold, async () => {
          racer = await repo.latestDistillationSince(tx, ask);
          return racer !== undefined;
        });
        const kept = racer ?? { template, concepts, prerequisites };
        await record(tx, kept.template, kept.concepts, kept.prerequisites);
        return kept;
      });
      const status = await deps.recaps.statusOf(user.id, first.concepts);
      return {
        concepts: first.concepts,
        template: first.template as DistillResponse['template'],
        prerequisites: first.prerequisites,
        status,
      };
    },
  };
}
export type DistillService = ReturnType<typeof createDistillService>;
