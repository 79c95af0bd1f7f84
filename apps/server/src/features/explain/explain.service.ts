import {
  type Difficulty,
  type ExplainResponse,
  type HistoryEntry,
  isFreePlan,
  isPremiumTemplate,
  type LanguageId,
  type MaterialRef,
  type ProviderId,
  providerLabel,
  REQUEST_TIMEOUT_MS,
  type TemplateId,
} from '@grasp/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB, UserRow } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { queryKey } from '../../lib/query-key.ts';
import { type Recorder, silentRecorder } from '../../lib/recorder.ts';
import { tracing } from '../../lib/tracing.ts';
import type { SourcesService } from '../sources/index.ts';
import * as repo from './explain.repository.ts';
import { activitySince, anonymiseActivityOf } from './explain-activity.repository.ts';
import {
  checkWritesLanguage,
  languageNeedsAiProvider,
  premiumTemplateError,
  providerUnavailableError,
  toProviderAppError,
} from './explain-errors.ts';
import { createInFlight, type InFlight } from './in-flight.ts';
import { type ExplanationProvider, NeedsAiProviderError } from './providers/provider.ts';
import type { ExplanationSponsor } from './sponsor.ts';
import { cacheKeyOf, createAnswerCache } from './stages/answer-cache.ts';
import type { Answer, CheckContext } from './stages/check.ts';
import { BrokenPromiseError, composeChecked, isModelFailure } from './stages/checked-compose.ts';
import { type ComposeRequest, retryDelta, retryReason } from './stages/compose.ts';
import { findSources } from './stages/find-sources.ts';
import { createRecord, toExplanation } from './stages/record.ts';
import { createSpending, type Payment, type Units } from './stages/spend.ts';

export interface ProviderLookup {
  get(id: string): ExplanationProvider | undefined;
  readonly defaultId: ProviderId;
  /** Every registered provider, for saying which ones can do what another cannot. */
  list(): { id: ProviderId; label: string; available: boolean; languages: LanguageId[] }[];
}

export interface ExplainDeps {
  db: Kysely<DB>;
  clock: Clock;
  providers: ProviderLookup;
  units: Units;
  timeoutMs?: number;
  /** Coalesces identical provider calls; pass a shared one to coalesce across instances. */
  inFlight?: InFlight<Answer>;
  recorder?: Recorder;
  /** Finds what an AI provider is grounded in (DESIGN.md §10); absent: answers cite nothing. */
  sources?: Pick<SourcesService, 'find'>;
  /** The materials feature: the caller's own material by id, 404 for anyone else's. */
  materials?: { materialOf(userId: string, materialId: string): Promise<MaterialRef> };
  /** Pays for some explanations instead of the learner (a class's assigned concepts). */
  sponsor?: ExplanationSponsor;
}

export interface ExplainInput {
  query: string;
  template: TemplateId;
  difficulty: Difficulty;
  /** Absent: English (DESIGN.md §9). */
  language?: LanguageId | undefined;
  provider?: ProviderId | undefined;
  fresh?: boolean | undefined;
  /** Ground the explanation in the caller's own material (DESIGN.md §10). */
  materialId?: string | undefined;
}

/** What begin() settled: who asks what, from whom, and how it is paid for (stages/spend.ts). */
export interface ExplainTicket extends Payment {
  user: UserRow;
  input: ExplainInput;
  provider: ExplanationProvider;
  /** The query as asks are compared (lib/query-key.ts), worked out once. */
  queryKey: string;
  /** The caller's material it is grounded in, checked to be theirs. */
  material?: MaterialRef | undefined;
}

export { sharedPartOf } from './stages/answer-cache.ts';
export type { Answer } from './stages/check.ts';
export { readAnswerDetails } from './stages/record.ts';

const languageOf = (input: ExplainInput): LanguageId => input.language ?? 'en';
/** A stage as a span of the request's trace (DESIGN.md §19); a plain call while tracing is off. */
const inSpan = <T>(name: string, run: () => Promise<T>) => tracing().inSpan(name, run);

export function createExplainService(deps: ExplainDeps) {
  const { db } = deps;
  const inFlight = deps.inFlight ?? createInFlight<Answer>();
  const cache = createAnswerCache(db, deps.clock);
  const record = createRecord(db, deps.clock);
  const spending = createSpending(deps);
  const recorder = deps.recorder ?? silentRecorder;
  const needsAiProvider = (language: LanguageId) =>
    languageNeedsAiProvider(
      language,
      deps.providers
        .list()
        .filter((p) => p.available && p.id !== 'offline' && p.languages.includes(language))
        .map((p) => p.label),
    );
  const keyOf = (t: ExplainTicket) =>
    cacheKeyOf({
      queryKey: t.queryKey,
      template: t.input.template,
      difficulty: t.input.difficulty,
      providerId: t.provider.id,
      language: languageOf(t.input),
      materialId: t.material?.materialId,
    });

  /**
   * find sources → compose → check and mend (asking once more if need be); a model that fails
   * hands over to the no-key explainer. A model's answer is then cached for everyone who asks
   * the same; a fallback is not, so the next ask tries the model again.
   */
  async function askProvider(ticket: ExplainTicket, emit: (delta: string) => void) {
    const { input, provider, material } = ticket;
    const language = languageOf(input);
    const signal = AbortSignal.timeout(deps.timeoutMs ?? REQUEST_TIMEOUT_MS);
    const retrieved = await inSpan('explain.find_sources', () =>
      findSources(deps.sources, {
        query: input.query,
        language,
        userId: ticket.user.id,
        materialId: material?.materialId,
        grounding: provider.grounding,
        signal,
      }),
    );
    const { query, template, difficulty } = input;
    const request = { query, template, difficulty, language, sources: retrieved, signal };
    const context = { template, difficulty, language, retrieved, material };
    let answer: Answer;
    try {
      answer = await composeChecked(provider, request, context, emit, recorder);
    } catch (error) {
      const offline = deps.providers.get('offline');
      if (!offline || provider.id === 'offline' || !isModelFailure(error)) throw error;
      emit(retryDelta(error instanceof BrokenPromiseError ? error.message : 'the model failed'));
      // Nothing better to be had (no article in the language): the model's error, or its answer.
      answer = await fallbackAnswer(offline, ticket, request, context, emit).catch(() => {
        if (error instanceof BrokenPromiseError) return error.answer;
        throw error;
      });
    }
    if (!answer.fallback) await cache.remember(keyOf(ticket), answer);
    return answer;
  }

  /** The no-key explainer's answer to a model's ask: marked, and paid for by nobody. */
  async function fallbackAnswer(
    offline: ExplanationProvider,
    ticket: ExplainTicket,
    request: ComposeRequest,
    context: Omit<CheckContext, 'provider'>,
    emit: (delta: string) => void,
  ): Promise<Answer> {
    // A fresh deadline: the model may have spent the whole of the first.
    const signal = AbortSignal.timeout(deps.timeoutMs ?? REQUEST_TIMEOUT_MS);
    // The learner's material grounds the dictionary too; Wikipedia's passages it finds itself.
    const sources = ticket.material ? request.sources : [];
    const answer = await composeChecked(
      offline,
      { ...request, sources, signal },
      { ...context, retrieved: sources },
      emit,
      recorder,
    );
    return { ...answer, fallback: true };
  }

  /** Inside the shared call: another instance may have cached the answer since we last looked. */
  async function produceAnswer(ticket: ExplainTicket, emit: (delta: string) => void) {
    const late = ticket.input.fresh ? null : await cache.read(keyOf(ticket));
    if (!late) return askProvider(ticket, emit);
    emit(late.response);
    return late;
  }

  /** The cached answer, or the one composed now (joining an identical call in flight). */
  async function answerFor(
    ticket: ExplainTicket,
    explanationId: string,
    onDelta?: (delta: string) => void,
  ): Promise<ExplainResponse> {
    const key = keyOf(ticket);
    const stored = ticket.input.fresh ? null : await cache.read(key);
    // An identical call may have ended while the database was read. It remembered its answer
    // before leaving the in-flight map, so looking here and joining below, with no await in
    // between, finds one or the other and never asks the provider twice.
    const cached = stored ?? (ticket.input.fresh ? undefined : cache.recent(key));
    if (cached) {
      onDelta?.(cached.response);
      return cache.response(explanationId, cached);
    }
    const answer = await inFlight.run(key, (emit) => produceAnswer(ticket, emit), onDelta);
    return { explanationId, ...answer, cached: false };
  }

  /** Stores the answer as the user's message, keeping the unit held for it in the same write. */
  async function recordAndSpend(ticket: ExplainTicket, result: ExplainResponse): Promise<void> {
    const { hold } = ticket;
    const ask = askOf(ticket);
    const settle = hold
      ? (tx: Parameters<typeof spending.settle>[0]) =>
          inSpan('explain.spend', () => spending.settle(tx, hold, { ...ask, since: ticket.since }))
      : undefined;
    const recorded = { ...ask, conceptName: ticket.input.query, material: ticket.material };
    await inSpan('explain.record', () =>
      record.store({ ...recorded, fallback: result.fallback }, result, settle),
    );
  }

  const askOf = (ticket: Pick<ExplainTicket, 'user' | 'queryKey' | 'input' | 'material'>) => ({
    userId: ticket.user.id,
    queryKey: ticket.queryKey,
    template: ticket.input.template,
    difficulty: ticket.input.difficulty,
    language: languageOf(ticket.input),
    materialId: ticket.material?.materialId ?? '',
    fresh: ticket.input.fresh,
  });

  async function materialOf(userId: string, materialId: string): Promise<MaterialRef> {
    if (!deps.materials) throw notFound();
    const { title } = await deps.materials.materialOf(userId, materialId);
    return { materialId, title };
  }

  return {
    /** Explanations by day and provider, and their learners, since `from` (the console's overview). */
    activitySince: (from: Date) => activitySince(db, from.toISOString().slice(0, 10)),

    /** Account deletion's step: the user's explanations go; their days stay counted, anonymous. */
    async forgetUser(tx: Kysely<DB> | Transaction<DB>, userId: string): Promise<void> {
      await repo.deleteExplanationsOf(tx, userId);
      await anonymiseActivityOf(tx, userId);
    },

    /** The ids, concepts and dates of the user's explanations, oldest first. */
    explanationsOf: (userId: string) => repo.explanationIdsOf(db, userId),
    /** Checks plan, provider and units before any text flows; throws the API's errors. */
    async begin(user: UserRow, input: ExplainInput): Promise<ExplainTicket> {
      if (isPremiumTemplate(input.template) && isFreePlan(user.plan)) throw premiumTemplateError();
      const providerId = input.provider ?? deps.providers.defaultId;
      const provider = deps.providers.get(providerId);
      if (!provider?.available) throw providerUnavailableError(providerLabel(providerId));
      // Before any unit is taken: the offline dictionary writes English only.
      checkWritesLanguage(provider, languageOf(input), deps.providers);
      const material = input.materialId ? await materialOf(user.id, input.materialId) : undefined;
      const ticket = { user, input, provider, queryKey: queryKey(input.query), material };
      const payment = await inSpan('explain.spend.reserve', () => spending.reserve(askOf(ticket)));
      return { ...ticket, ...payment };
    },

    /** Produces the answer (cache, shared in-flight call, or provider), stores it as the user's message. */
    async complete(
      ticket: ExplainTicket,
      onDelta?: (delta: string) => void,
      onRetry?: (reason: string) => void,
    ): Promise<ExplainResponse> {
      const listen =
        onDelta &&
        ((delta: string) => {
          const reason = retryReason(delta);
          if (reason === null) onDelta(delta);
          else onRetry?.(reason);
        });
      let result: ExplainResponse;
      try {
        result = await answerFor(ticket, newId(), listen);
      } catch (error) {
        await spending.refund(ticket);
        if (error instanceof NeedsAiProviderError) throw needsAiProvider(languageOf(ticket.input));
        throw toProviderAppError(error);
      }
      recorder.answerServed(result.cached ? 'cache' : 'provider');
      // A fallback costs nothing (DESIGN.md §18): the unit held for the model goes back.
      if (result.fallback) await spending.refund(ticket);
      await recordAndSpend(result.fallback ? { ...ticket, hold: null } : ticket, result);
      return result;
    },

    async history(userId: string, conceptName: string): Promise<HistoryEntry[]> {
      const rows = await repo.conceptHistory(db, userId, queryKey(conceptName));
      return rows.map((r) => ({
        concept_description: r.template,
        ai_answer: r.ai_answer,
        created_date: r.created_at,
      }));
    },

    /** One of the user's explanations (undefined for anyone else's id): the learning loop's ground. */
    async explanationOf(userId: string, explanationId: string) {
      const row = await repo.explanationOf(db, userId, explanationId);
      return row ? toExplanation(row) : undefined;
    },

    /** Several of the user's explanations in one read, in no particular order; others' are left out. */
    async explanationsByIds(userId: string, explanationIds: readonly string[]) {
      return (await repo.explanationsByIds(db, userId, explanationIds)).map(toExplanation);
    },

    inFlightCount: () => inFlight.size,
  };
}
export type ExplainService = ReturnType<typeof createExplainService>;
