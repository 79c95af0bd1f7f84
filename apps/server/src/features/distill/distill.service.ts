import {
  type ConceptStatus,
  type DistillResponse,
  distillTemplate,
  ERROR_CODES,
  ERROR_MESSAGES,
  type ProviderId,
  providerLabel,
  REQUEST_TIMEOUT_MS,
} from '@grasp/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB, UserRow } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
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
    takeUnit(userId: string): Promise<UnitHold>;
    keepUnit(tx: Transaction<DB>, hold: UnitHold): Promise<void>;
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
     * asked and given back if it fails or answers nothing usable.
     */
    async distill(user: UserRow, input: DistillInput): Promise<DistillResponse> {
      const providerId = input.provider ?? deps.distillers.defaultId;
      const distiller = deps.distillers.get(providerId);
      if (!distiller?.available) throw providerUnavailableError(providerLabel(providerId));
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
      // Spent together with the stored distillation, so a crash cannot spend it for nothing.
      await db.transaction().execute(async (tx) => {
        await repo.insertDistillation(tx, {
          id: newId(),
          userId: user.id,
          subject: input.subject,
          template,
          concepts,
          createdAt: clock.now(),
        });
        await deps.units.keepUnit(tx, hold);
      });
      const status = await deps.recaps.statusOf(user.id, concepts);
      return { concepts, template, prerequisites, status };
    },
  };
}
export type DistillService = ReturnType<typeof createDistillService>;
