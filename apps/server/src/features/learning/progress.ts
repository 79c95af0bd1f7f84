import type { ConceptProgress } from '@grasp/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { queryKey } from '../../lib/query-key.ts';
import * as repo from './progress.repository.ts';
import { FIRST_DUE_AFTER_MS } from './recaps-schedule.ts';

/** Progress of one user on one concept key: `progress.get(userId)?.get(conceptKey)`. */
export type ProgressTable = Map<string, Map<string, ConceptProgress>>;

const NONE: ConceptProgress = Object.freeze({ status: 'new', quiz: null }) as ConceptProgress;

/**
 * Where many users stand on many concepts (DESIGN.md §13), in three queries whatever their
 * number: the statuses the distiller shows (recaps.service statusOf) and each latest quiz score.
 * Reading does not make recap cards (that stays per user, when they open recaps), so an
 * explanation without a card yet is scheduled here as its card would be, without fuzz.
 */
export function createProgressReader(deps: { db: Kysely<DB>; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async progressOf(
      userIds: readonly string[],
      concepts: readonly string[],
    ): Promise<ProgressTable> {
      const table: ProgressTable = new Map();
      const keys = [...new Set(concepts.map(queryKey))];
      if (userIds.length === 0 || keys.length === 0) return table;
      const [cards, firsts, quizzes] = await Promise.all([
        repo.cardsOf(db, userIds, keys),
        repo.firstExplanationsOf(db, userIds, keys),
        repo.quizScoresOf(db, userIds, keys),
      ]);
      const nowMs = clock.now().getTime();
      const now = new Date(nowMs).toISOString();
      const entry = (userId: string, key: string): ConceptProgress => {
        let row = table.get(userId);
        if (!row) {
          row = new Map();
          table.set(userId, row);
        }
        let progress = row.get(key);
        if (!progress) {
          progress = { ...NONE };
          row.set(key, progress);
        }
        return progress;
      };
      for (const first of firsts) {
        const due = Date.parse(first.first_at) + FIRST_DUE_AFTER_MS <= nowMs;
        entry(first.user_id, first.query_key).status = due ? 'due' : 'explained';
      }
      for (const card of cards) {
        const status = card.due_at <= now ? 'due' : card.known_at ? 'known' : 'explained';
        entry(card.user_id, card.concept_key).status = status;
      }
      const latest = new Map<string, string>();
      for (const quiz of quizzes) {
        const pair = `${quiz.user_id}\n${quiz.query_key}`;
        const seen = latest.get(pair);
        if (seen && seen > quiz.created_at) continue;
        latest.set(pair, quiz.created_at);
        entry(quiz.user_id, quiz.query_key).quiz = {
          correct: Number(quiz.correct),
          answered: Number(quiz.answered),
        };
      }
      return table;
    },
  };
}
export type ProgressReader = ReturnType<typeof createProgressReader>;

/** A user's progress on a concept from a table: new when nothing is known. */
export function progressIn(table: ProgressTable, userId: string, conceptKey: string) {
  return table.get(userId)?.get(conceptKey) ?? NONE;
}
