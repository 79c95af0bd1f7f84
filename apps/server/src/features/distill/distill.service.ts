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
  VALIDATION_MESSAGES,
} from '@grasp/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB, UserRow } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { queryKey } from '../../lib/query-key.ts';
import type { UnitHold } from '../billing/usage.service.ts';
import { providerUnavailableError, toProviderAppError } from '../explain/explain-errors.ts';
import { ProviderFailureError } from '../explain/providers/provider.ts';
import { cleanConcepts } from './concept-list.ts';
import * as repo from './distill.repository.ts';
import type { Distilled, DistillerLookup } from './distiller.ts';
import type { MaterialText } from './offline/material-terms.ts';
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
  /** The materials feature: the caller's own material, read in order (404 for anyone else's). */
  materials: {
    materialOf(userId: string, materialId: string): Promise<{ title: string }>;
    readingOrder(userId: string, materialId: string): Promise<{ text: string }[]>;
  };
  /** Picks the historical template; tests pin it. */
  random?: () => number;
}

export interface DistillInput {
  subject?: string | undefined;
  /** Distil the caller's own material instead of a subject (DESIGN.md §10). */
  materialId?: string | undefined;
  provider?: ProviderId | undefined;
}

/** The explain feature's mapping, with the distiller's own words for a failed call. */
/** What is distilled: a subject, or a material under its title, keyed so a repeat is free. */
interface Ask {
  subject: string;
  subjectKey: string;
  /** Reads the material's passages, only when a distiller is asked. */
  material?: () => Promise<MaterialText>;
}

/** The distiller's answer, cleaned: prerequisites lead, pairs name listed concepts only. */
function cleaned(distilled: Distilled, providerId: string) {
  const names = cleanConcepts(distilled.concepts);
  const prerequisites = cleanPrerequisites(names, distilled.prerequisites);
  const concepts = foundationalFirst(names, prerequisites);
  if (concepts.length === 0) {
    throw new ProviderFailureError(`${providerId} distilled no usable concepts`);
  }
  return { concepts, prerequisites };
}

function toDistillAppError(error: unknown): AppError {
  const mapped = toProviderAppError(error);
  if (mapped.statusCode !== 502) return mapped;
  return new AppError(502, ERROR_CODES.providerError, ERROR_MESSAGES.distillFailed);
}

export function createDistillService(deps: DistillDeps) {
  const { db, clock } = deps;

  async function askOf(user: UserRow, input: DistillInput): Promise<Ask> {
    if (input.materialId) {
      const { materialId } = input;
      const { title } = await deps.materials.materialOf(user.id, materialId);
      const material = async () => {
        const passages = await deps.materials.readingOrder(user.id, materialId);
        return { title, passages: passages.map((p) => p.text) };
      };
      return { subject: title, subjectKey: `material:${materialId}`, material };
    }
    const subject = input.subject?.trim() ?? '';
    if (!subject) throw badRequest(VALIDATION_MESSAGES.emptySubject);
    return { subject, subjectKey: queryKey(subject) };
  }

  return {
    /** Account deletion's step: the user's distillations go. */
    forgetUser: (tx: Kysely<DB> | Transaction<DB>, userId: string) =>
      repo.deleteDistillationsOf(tx, userId),
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
      const wanted = await askOf(user, input);
      const { subjectKey } = wanted;
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
          subject: wanted.subject,
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
      const template = distillTemplate(wanted.subject, user.plan, deps.random);
      const hold = await deps.units.takeUnit(user.id);
      let concepts: string[];
      let prerequisites: Prerequisite[];
      try {
        const signal = AbortSignal.timeout(deps.timeoutMs ?? REQUEST_TIMEOUT_MS);
        const distilled = wanted.material
          ? await distiller.distillMaterial(await wanted.material(), signal)
          : await distiller.distill(wanted.subject, signal);
        ({ concepts, prerequisites } = cleaned(distilled, providerId));
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
