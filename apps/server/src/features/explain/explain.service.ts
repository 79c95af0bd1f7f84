import {
  type Difficulty,
  type ExplainResponse,
  explainResponseSchema,
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
import { z } from 'zod';
import type { DB, UserRow } from '../../db/types.ts';
import { createBatchWriter } from '../../lib/batch-writer.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { queryKey } from '../../lib/query-key.ts';
import { type Recorder, silentRecorder } from '../../lib/recorder.ts';
import type { UnitHold } from '../billing/usage.service.ts';
import { cite, type SourcesService } from '../sources/index.ts';
import {
  extractGlossary,
  extractGraph,
  extractOwnSources,
  extractRelatedConcepts,
  extractSuggestedQuestions,
  isUsableAnswer,
} from './answer.ts';
import { type AnswerText, createStoredTexts } from './answer-texts.ts';
import * as repo from './explain.repository.ts';
import { activitySince, anonymiseActivityOf } from './explain-activity.repository.ts';
import {
  checkWritesLanguage,
  premiumTemplateError,
  providerUnavailableError,
  toProviderAppError,
} from './explain-errors.ts';
import { createInFlight, type InFlight } from './in-flight.ts';
import type { ExplanationProvider } from './providers/provider.ts';
import { ProviderFailureError } from './providers/provider.ts';
import { createRecentAnswers } from './recent-answers.ts';
import { createRepeatCheck } from './repeat-check.ts';
import type { ExplanationSponsor, SponsoredExplanation } from './sponsor.ts';

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
  units: {
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

/** What begin() settled: who asks what, from whom, and the unit to give back on failure. */
export interface ExplainTicket {
  user: UserRow;
  input: ExplainInput;
  provider: ExplanationProvider;
  /** The unit this answer pays with; null for a free repeat or a sponsored answer. */
  hold: UnitHold | null;
  /** Start of the user's cycle: an identical ask since then makes this one free. */
  since: string;
  /** The query as asks are compared (lib/query-key.ts), worked out once. */
  queryKey: string;
  /** The caller's material it is grounded in, checked to be theirs. */
  material?: MaterialRef | undefined;
  /** Who pays instead of the learner, if anyone. */
  sponsored?: SponsoredExplanation | null;
}

/** What the provider answered, shared by everyone who asks the same: no user's record in it. */
export type Answer = Omit<ExplainResponse, 'cached' | 'explanationId'>;
type SharedResponse = Omit<ExplainResponse, 'explanationId'>;

// Answers cached before suggested questions existed have none; before languages, they were English.
const cachedAnswerSchema = explainResponseSchema
  .omit({ cached: true, explanationId: true })
  .extend({ suggestedQuestions: explainResponseSchema.shape.suggestedQuestions.default([]) });

const detailsSchema = z.object({
  graph: explainResponseSchema.shape.graph,
  suggestedQuestions: cachedAnswerSchema.shape.suggestedQuestions,
  glossary: explainResponseSchema.shape.glossary,
  sources: explainResponseSchema.shape.sources,
});

/**
 * The graph, suggested questions, glossary and sources stored beside an answer's text
 * (answer_texts.details_json).
 */
export function readAnswerDetails(json: string | null): z.infer<typeof detailsSchema> {
  const parsed = json ? detailsSchema.safeParse(JSON.parse(json)) : null;
  return parsed?.success ? parsed.data : { suggestedQuestions: [], sources: [] };
}

function answerDetails(answer: Answer): string | null {
  const { graph, suggestedQuestions, glossary, sources } = answer;
  if (!graph && suggestedQuestions.length === 0 && !glossary && sources.length === 0) return null;
  return JSON.stringify({
    graph,
    suggestedQuestions,
    ...(glossary ? { glossary } : {}),
    ...(sources.length > 0 ? { sources } : {}),
  });
}

const languageOf = (input: ExplainInput): LanguageId => input.language ?? 'en';

/**
 * A response served from the cache: the caller's explanationId, then the fields of the answer's
 * shared part, which is one frozen object encoded once (explain.routes.ts) and kept here out of
 * sight of JSON and of equality. A WeakMap from response to part cost more than the rest of
 * serving it: an ephemeron entry per request.
 */
class CachedResponse {
  readonly #shared: SharedResponse;
  readonly explanationId: string;
  constructor(explanationId: string, shared: SharedResponse) {
    this.explanationId = explanationId;
    Object.assign(this, shared);
    this.#shared = shared;
  }
  static sharedPartOf(value: object): SharedResponse | undefined {
    return #shared in value ? (value as CachedResponse).#shared : undefined;
  }
}
export const sharedPartOf = (response: object) => CachedResponse.sharedPartOf(response);

type Message = repo.NewExplanation & { text: AnswerText };

/** An explanation's row with its answer text, as the learning loop and the export read it. */
function toExplanation(row: NonNullable<Awaited<ReturnType<typeof repo.explanationOf>>>) {
  const details = readAnswerDetails(row.details_json);
  return {
    explanationId: row.id,
    answerId: row.answer_id,
    query: row.concept_name,
    template: row.template,
    difficulty: row.difficulty,
    language: row.language,
    provider: row.provider,
    response: row.text,
    relatedConcepts: extractRelatedConcepts(row.text),
    ...(details.graph ? { graph: details.graph } : {}),
    ...(details.glossary ? { glossary: details.glossary } : {}),
    suggestedQuestions: details.suggestedQuestions,
    sources: details.sources,
    ...(row.material_id && row.material_title
      ? { material: { materialId: row.material_id, title: row.material_title } }
      : {}),
    createdAt: row.created_at,
  };
}

export function createExplainService(deps: ExplainDeps) {
  const { db, clock } = deps;
  const inFlight = deps.inFlight ?? createInFlight<Answer>();
  const recent = createRecentAnswers<Answer>({ max: 500, ttlMs: 60_000, now: () => Date.now() });
  const isRepeat = createRepeatCheck(db);
  const storedTexts = createStoredTexts();
  const messages = createBatchWriter(async (rows: Message[]) =>
    storedTexts.remember(await saveMessages(db, rows)),
  );
  // One response object per cached answer, so its encoding can be reused (explain.routes.ts).
  const cachedResponses = new WeakMap<Answer, SharedResponse>();
  const servedFromCache = (answer: Answer): SharedResponse => {
    let response = cachedResponses.get(answer);
    if (!response) {
      response = Object.freeze({ ...answer, cached: true });
      cachedResponses.set(answer, response);
    }
    return response;
  };
  // English keys are those of before languages, so the answers cached then are still found.
  const cacheKey = (t: ExplainTicket) => {
    const key = [t.queryKey, t.input.template, t.input.difficulty, t.provider.id];
    const language = languageOf(t.input);
    const keyed = language === 'en' ? key : [...key, language];
    // A material's answer is its own: the same concept from other pages is another answer.
    return (t.material ? [...keyed, `material:${t.material.materialId}`] : keyed).join('|');
  };

  async function askProvider(
    ticket: ExplainTicket,
    emit: (delta: string) => void,
  ): Promise<Answer> {
    const { input, provider } = ticket;
    const language = languageOf(input);
    const signal = AbortSignal.timeout(deps.timeoutMs ?? REQUEST_TIMEOUT_MS);
    const { material } = ticket;
    // Within its own budget: a slow or dead Wikipedia gives an answer without sources. A
    // material grounds every provider, the offline one too (it is built from the passages).
    const retrieved =
      (provider.grounding === 'own' && !material) || !deps.sources
        ? []
        : await deps.sources.find({
            query: input.query,
            language,
            userId: ticket.user.id,
            materialId: material?.materialId,
            signal,
          });
    let text = '';
    for await (const delta of provider.stream({ ...input, language, sources: retrieved, signal })) {
      text += delta;
      emit(delta);
    }
    const withoutGraph = extractGraph(text);
    const withoutQuestions = extractSuggestedQuestions(withoutGraph.markdown);
    const withoutGlossary = extractGlossary(withoutQuestions.markdown);
    const own = extractOwnSources(withoutGlossary.markdown);
    const { glossary } = withoutGlossary;
    const { graph } = withoutGraph;
    const ownSources = provider.grounding === 'own' && own.sources.length > 0;
    const { text: markdown, sources } = cite(own.markdown, ownSources ? own.sources : retrieved);
    if (!isUsableAnswer(markdown))
      throw new ProviderFailureError('The provider answered with nothing usable');
    const answer: Answer = {
      response: markdown,
      provider: provider.id,
      template: input.template,
      difficulty: input.difficulty,
      language,
      relatedConcepts: extractRelatedConcepts(markdown),
      ...(graph ? { graph } : {}),
      // English answers carry none: the terms are the text's own words (DESIGN.md §9).
      ...(language !== 'en' && glossary.length > 0 ? { glossary } : {}),
      suggestedQuestions: withoutQuestions.questions,
      sources,
      ...(material ? { material } : {}),
    };
    await repo.saveCachedAnswer(db, {
      cacheKey: cacheKey(ticket),
      provider: provider.id,
      responseJson: JSON.stringify(answer),
      createdAt: clock.now(),
    });
    recent.set(cacheKey(ticket), answer);
    return answer;
  }

  /** Inside the shared call: another instance may have cached the answer since we last looked. */
  async function produceAnswer(ticket: ExplainTicket, emit: (delta: string) => void) {
    const late = ticket.input.fresh ? null : await cachedAnswer(cacheKey(ticket));
    if (!late) return askProvider(ticket, emit);
    emit(late.response);
    return late;
  }

  async function cachedAnswer(key: string): Promise<Answer | null> {
    const remembered = recent.get(key);
    if (remembered) return remembered;
    const json = await repo.readCachedAnswer(db, key);
    if (!json) return null;
    const parsed = cachedAnswerSchema.safeParse(JSON.parse(json));
    if (!parsed.success) return null;
    recent.set(key, parsed.data);
    return parsed.data;
  }

  /** Writes the answer texts not yet stored, then the messages pointing at them. */
  async function saveMessages(target: Kysely<DB> | Transaction<DB>, rows: Message[]) {
    const texts = storedTexts.unstored(rows.map((r) => r.text));
    await repo.insertAnswerTexts(target, texts);
    await repo.insertExplanations(target, rows);
    return texts;
  }

  /**
   * Stores the answer as the user's message. A unit held for it is spent in the same
   * transaction: a crash between two writes would otherwise charge for an answer never kept.
   * A free repeat has no unit to keep in step, so it joins the batched writes.
   */
  const askOf = (ticket: ExplainTicket): repo.Ask => ({
    userId: ticket.user.id,
    queryKey: ticket.queryKey,
    template: ticket.input.template,
    difficulty: ticket.input.difficulty,
    language: languageOf(ticket.input),
    since: ticket.since,
    materialId: ticket.material?.materialId ?? '',
  });

  async function storeMessage(ticket: ExplainTicket, result: ExplainResponse): Promise<void> {
    const text = storedTexts.textOf(result.response, () => answerDetails(result));
    const row: Message = {
      id: result.explanationId,
      userId: ticket.user.id,
      conceptName: ticket.input.query,
      queryKey: ticket.queryKey,
      template: ticket.input.template,
      difficulty: ticket.input.difficulty,
      provider: result.provider,
      answerId: text.id,
      language: languageOf(ticket.input),
      material: ticket.material,
      text,
      createdAt: clock.now(),
    };
    const { hold } = ticket;
    if (!hold) return messages.write(row);
    const written = await db.transaction().execute(async (tx) => {
      // The same ask sent at the same moment was stored (and paid for) first: this one is free.
      await deps.units.settleUnit(
        tx,
        hold,
        async () => !ticket.input.fresh && (await repo.hasAskedSince(tx, askOf(ticket))),
      );
      return saveMessages(tx, [row]);
    });
    storedTexts.remember(written);
  }

  async function materialOf(userId: string, materialId: string): Promise<MaterialRef> {
    if (!deps.materials) throw notFound();
    const { title } = await deps.materials.materialOf(userId, materialId);
    return {
      materialId,
      title,
    };
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
      const language = languageOf(input);
      // Before any unit is taken: the offline dictionary writes English only.
      checkWritesLanguage(provider, language, deps.providers);
      const material = input.materialId ? await materialOf(user.id, input.materialId) : undefined;
      const cycle = await deps.units.currentCycle(user.id);
      const key = queryKey(input.query);
      const repeat =
        !input.fresh &&
        (await isRepeat({
          userId: user.id,
          queryKey: key,
          template: input.template,
          difficulty: input.difficulty,
          language,
          since: cycle.starts_at,
          materialId: material?.materialId ?? '',
        }));
      const sponsored =
        repeat || !deps.sponsor
          ? null
          : await deps.sponsor.claim({
              userId: user.id,
              queryKey: key,
              template: input.template,
              difficulty: input.difficulty,
              language,
            });
      const hold = repeat || sponsored ? null : await deps.units.takeUnit(user.id);
      return {
        user,
        input,
        provider,
        hold,
        since: cycle.starts_at,
        queryKey: key,
        material,
        sponsored,
      };
    },

    /** Produces the answer (cache, shared in-flight call, or provider), stores it as the user's message. */
    async complete(
      ticket: ExplainTicket,
      onDelta?: (delta: string) => void,
    ): Promise<ExplainResponse> {
      const key = cacheKey(ticket);
      const explanationId = newId();
      let result: ExplainResponse;
      try {
        const stored = ticket.input.fresh ? null : await cachedAnswer(key);
        // An identical call may have ended while the database was read. It remembered its answer
        // before leaving the in-flight map, so looking here and joining below, with no await in
        // between, finds one or the other and never asks the provider twice.
        const cached = stored ?? (ticket.input.fresh ? undefined : recent.get(key));
        if (cached) {
          onDelta?.(cached.response);
          result = new CachedResponse(explanationId, servedFromCache(cached)) as ExplainResponse &
            CachedResponse;
        } else {
          result = {
            explanationId,
            ...(await inFlight.run(key, (emit) => produceAnswer(ticket, emit), onDelta)),
            cached: false,
          };
        }
      } catch (error) {
        if (ticket.hold) await deps.units.giveUnitBack(ticket.hold);
        if (ticket.sponsored) await ticket.sponsored.release();
        throw toProviderAppError(error);
      }
      (deps.recorder ?? silentRecorder).answerServed(result.cached ? 'cache' : 'provider');
      await storeMessage(ticket, result);
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
