import {
  type Difficulty,
  type ExplanationRecord,
  type FollowUp,
  isFreePlan,
  isPremiumTemplate,
  type LanguageId,
  type ProviderId,
  parseExplanation,
  type QuizAnswerResult,
  queryKey,
  REQUEST_TIMEOUT_MS,
  type ReExplanation,
  type Source,
  type TemplateId,
} from '@grasp/contract';
import type { Kysely, Transaction } from 'kysely';
import type { DB, UserRow } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import type { UnitHold } from '../billing/usage.service.ts';
import type { ExplainService, ProviderLookup } from '../explain/explain.service.ts';
import { checkWritesLanguage, toProviderAppError } from '../explain/explain-errors.ts';
import {
  type ExplanationContext,
  type ExplanationProvider,
  NeedsAiProviderError,
} from '../explain/providers/provider.ts';
import { keepCitations } from '../sources/index.ts';
import * as repo from './learning.repository.ts';
import { explanationNotFound, needsAiProvider, sectionNotFound } from './learning-errors.ts';
import { createQuizzes } from './quizzes.ts';
import { nextApproach } from './re-explain-approach.ts';
import { shortAnswer } from './short-answer.ts';

export interface LearningDeps {
  db: Kysely<DB>;
  clock: Clock;
  explanations: Pick<ExplainService, 'explanationOf' | 'explanationsByIds'>;
  providers: ProviderLookup;
  units: {
    takeUnit(userId: string): Promise<UnitHold>;
    keepUnit(tx: Transaction<DB>, hold: UnitHold): Promise<void>;
    returnUnit(tx: Transaction<DB>, hold: UnitHold): Promise<void>;
    settleUnit(
      tx: Transaction<DB>,
      hold: UnitHold,
      isRepeat: () => Promise<boolean>,
    ): Promise<'kept' | 'returned'>;
    giveUnitBack(hold: UnitHold): Promise<void>;
  };
  timeoutMs?: number;
  /** Told when a quiz is completed: recaps take the first rating of its card from it. */
  onQuizCompleted?: (userId: string, explanationId: string, allCorrect: boolean) => Promise<void>;
}

type Explanation = NonNullable<Awaited<ReturnType<ExplainService['explanationOf']>>>;

/** The same question asked again (case, spacing, final punctuation aside) is free. */
export const questionKey = (question: string) =>
  question
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s?!.。।]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();

function toFollowUp(row: {
  id: string;
  question: string;
  answer: string;
  created_at: string;
}): FollowUp {
  return {
    followUpId: row.id,
    question: row.question,
    answer: row.answer,
    createdAt: row.created_at,
  };
}

/** An explanation with what the learner did with it, as GET /api/ai/explanations/{id} shows it. */
function toRecord(
  explanation: Explanation,
  followUps: { id: string; question: string; answer: string; created_at: string }[],
  reExplanations: { section: string; approach: string; answer: string }[],
  quiz: ExplanationRecord['quiz'],
): ExplanationRecord {
  const { answerId: _answerId, ...shown } = explanation;
  return {
    ...(shown as Omit<ExplanationRecord, 'followUps' | 'reExplanations' | 'quiz'>),
    followUps: followUps.map((f) => ({
      followUpId: f.id,
      question: f.question,
      answer: f.answer,
      createdAt: f.created_at,
    })),
    reExplanations: reExplanations.map((r) => ({
      section: r.section,
      approach: r.approach as ReExplanation['approach'],
      answer: r.answer,
    })),
    ...(quiz ? { quiz } : {}),
  };
}

export function createLearningService(deps: LearningDeps) {
  const { db, clock } = deps;
  const signal = () => AbortSignal.timeout(deps.timeoutMs ?? REQUEST_TIMEOUT_MS);

  async function explanationOf(userId: string, explanationId: string): Promise<Explanation> {
    const explanation = await deps.explanations.explanationOf(userId, explanationId);
    if (!explanation) throw explanationNotFound();
    return explanation;
  }

  /**
   * The asked provider, else the explanation's own while it is available, else the default; it
   * must write the explanation's language, or nothing is asked (and no unit taken).
   */
  function providerFor(explanation: Explanation, asked: ProviderId | undefined) {
    const chosen = chooseProvider(explanation, asked);
    const language = explanation.language as LanguageId;
    checkWritesLanguage(chosen, language, deps.providers);
    return chosen;
  }

  function chooseProvider(explanation: Explanation, asked: ProviderId | undefined) {
    const wanted = asked ?? explanation.provider;
    const provider = deps.providers.get(wanted);
    if (provider?.available) return provider;
    const fallback = deps.providers.get(deps.providers.defaultId);
    if (!fallback?.available) throw toProviderAppError(new Error('No provider is available'));
    return fallback;
  }

  /** What a provider is given: a Free plan never gets a premium style, even on an old record. */
  function contextOf(explanation: Explanation, user: UserRow): ExplanationContext {
    const template = explanation.template as TemplateId;
    const sections = parseExplanation(explanation.response).sections;
    return {
      query: explanation.query,
      template: isPremiumTemplate(template) && isFreePlan(user.plan) ? 'default' : template,
      difficulty: explanation.difficulty as Difficulty,
      language: explanation.language as LanguageId,
      markdown: explanation.response,
      sections: sections.map(({ title, content }) => ({ title, content })),
      relatedConcepts: explanation.relatedConcepts,
      sources: explanation.sources,
    };
  }

  function toLearningError(error: unknown) {
    if (!(error instanceof NeedsAiProviderError)) return toProviderAppError(error);
    const able = deps.providers.list().filter((p) => p.available && p.id !== 'offline');
    return needsAiProvider(able.map((p) => p.label));
  }

  /**
   * Runs a paid short answer: one unit held before the call, given back if it fails; `store`
   * keeps it in the transaction that stores the answer, or gives it back there when a racing
   * request stored the same first.
   */
  async function paidAnswer<T>(
    user: UserRow,
    ask: (provider: ExplanationProvider) => AsyncIterable<string>,
    provider: ExplanationProvider,
    store: (tx: Transaction<DB>, answer: string, hold: UnitHold) => Promise<T>,
    onDelta?: (delta: string) => void,
    sources: readonly Source[] = [],
  ): Promise<T> {
    const hold = await deps.units.takeUnit(user.id);
    let answer: string;
    try {
      // It cites the explanation's numbers; one pointing at none of them goes (DESIGN.md §10).
      answer = keepCitations(await shortAnswer(ask(provider), onDelta), sources);
    } catch (error) {
      await deps.units.giveUnitBack(hold);
      throw toLearningError(error);
    }
    return db.transaction().execute((tx) => store(tx, answer, hold));
  }

  const quizzes = createQuizzes({
    db,
    clock,
    signal,
    toLearningError,
    ...(deps.onQuizCompleted ? { onCompleted: deps.onQuizCompleted } : {}),
  });

  return {
    /** Account deletion's step: the user's quiz attempts go. */
    forgetUser: (tx: Kysely<DB> | Transaction<DB>, userId: string) =>
      repo.deleteQuizAttemptsOf(tx, userId),
    async record(userId: string, explanationId: string): Promise<ExplanationRecord> {
      const explanation = await explanationOf(userId, explanationId);
      const [followUps, reExplanations, quiz] = await Promise.all([
        repo.followUpsOf(db, explanationId),
        repo.reExplanationsOf(db, explanationId),
        quizzes.stateOf(explanationId),
      ]);
      return toRecord(explanation, followUps, reExplanations, quiz);
    },

    /**
     * The records of several of the user's explanations in four queries whatever their number
     * (an export reads a long history a page at a time), by explanation id; ids that are not
     * the user's, or are gone, are left out.
     */
    async records(
      userId: string,
      explanationIds: readonly string[],
    ): Promise<Map<string, ExplanationRecord>> {
      const [explanations, followUps, reExplanations, quizStates] = await Promise.all([
        deps.explanations.explanationsByIds(userId, explanationIds),
        repo.followUpsOfMany(db, explanationIds),
        repo.reExplanationsOfMany(db, explanationIds),
        quizzes.statesOf(explanationIds),
      ]);
      const byExplanation = <T extends { explanation_id: string }>(rows: T[]) => {
        const grouped = new Map<string, T[]>();
        for (const row of rows) {
          const list = grouped.get(row.explanation_id);
          if (list) list.push(row);
          else grouped.set(row.explanation_id, [row]);
        }
        return grouped;
      };
      const follows = byExplanation(followUps);
      const reExplained = byExplanation(reExplanations);
      return new Map(
        explanations.map((explanation) => {
          const id = explanation.explanationId;
          const record = toRecord(
            explanation,
            follows.get(id) ?? [],
            reExplained.get(id) ?? [],
            quizStates.get(id),
          );
          return [id, record];
        }),
      );
    },

    async followUp(
      user: UserRow,
      input: { explanationId: string; question: string; provider?: ProviderId | undefined },
      onDelta?: (delta: string) => void,
    ): Promise<FollowUp> {
      const explanation = await explanationOf(user.id, input.explanationId);
      const key = questionKey(input.question);
      const asked = await repo.findFollowUp(db, explanation.explanationId, key);
      if (asked) {
        onDelta?.(asked.answer);
        return toFollowUp(asked);
      }
      const provider = providerFor(explanation, input.provider);
      const context = contextOf(explanation, user);
      return paidAnswer(
        user,
        (p) =>
          p.tutor({
            task: 'follow-up',
            question: input.question,
            explanation: context,
            signal: signal(),
          }),
        provider,
        async (tx, text, hold) => {
          const row = {
            id: newId(),
            question: input.question,
            answer: text,
            created_at: clock.now().toISOString(),
          };
          const fresh = { ...row, explanationId: explanation.explanationId, questionKey: key };
          if (await repo.insertFollowUp(tx, fresh)) {
            await deps.units.keepUnit(tx, hold);
            return toFollowUp(row);
          }
          // The same question sent at the same moment was stored first: its answer, its unit.
          await deps.units.returnUnit(tx, hold);
          const first = await repo.findFollowUp(tx, explanation.explanationId, key);
          if (!first) throw new Error('A conflicting follow-up vanished');
          return toFollowUp(first);
        },
        onDelta,
        context.sources,
      );
    },

    async reExplain(
      user: UserRow,
      input: { explanationId: string; section: string; provider?: ProviderId | undefined },
    ): Promise<ReExplanation> {
      const explanation = await explanationOf(user.id, input.explanationId);
      const context = contextOf(explanation, user);
      // The quiz's normalisation (quiz-rules.ts), so a title it keeps is one found here.
      const wanted = queryKey(input.section);
      const section = context.sections.find((s) => queryKey(s.title) === wanted);
      if (!section) throw sectionNotFound();
      const earlier = await repo.reExplanationsOf(db, explanation.explanationId);
      // The way the section was first told is the record's own style's, whatever the plan now
      // lets this one be retold in.
      const told = earlier.filter((r) => r.section === section.title);
      const approach = nextApproach(
        explanation.template as TemplateId,
        told.map((r) => r.approach),
      );
      const provider = providerFor(explanation, input.provider);
      return paidAnswer(
        user,
        (p) =>
          p.tutor({
            task: 're-explain',
            section,
            approach,
            explanation: context,
            signal: signal(),
          }),
        provider,
        async (tx, text, hold) => {
          // The same retelling asked at the same moment was stored first: its answer, its unit.
          let racer: { approach: string; answer: string } | undefined;
          const settled = await deps.units.settleUnit(tx, hold, async () => {
            const now = await repo.reExplanationsOf(tx, explanation.explanationId);
            const since = now.filter((r) => r.section === section.title).slice(told.length);
            racer = since.find((r) => r.approach === approach);
            return racer !== undefined;
          });
          if (settled === 'returned' && racer) {
            return { section: section.title, approach, answer: racer.answer };
          }
          await repo.insertReExplanation(tx, {
            id: newId(),
            explanationId: explanation.explanationId,
            section: section.title,
            approach,
            answer: text,
            createdAt: clock.now().toISOString(),
          });
          return { section: section.title, approach, answer: text };
        },
        undefined,
        context.sources,
      );
    },

    async quiz(user: UserRow, input: { explanationId: string; provider?: ProviderId | undefined }) {
      const explanation = await explanationOf(user.id, input.explanationId);
      return quizzes.quizFor(user.id, explanation, () => ({
        provider: providerFor(explanation, input.provider),
        context: contextOf(explanation, user),
      }));
    },

    answer(
      user: UserRow,
      quizId: string,
      input: { questionId: string; choice: number },
    ): Promise<QuizAnswerResult> {
      return quizzes.answer(user.id, quizId, input);
    },
  };
}
export type LearningService = ReturnType<typeof createLearningService>;
