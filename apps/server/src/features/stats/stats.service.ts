import type { UnitsResponse, UserMessage, UserStats } from '@grasp/contract';
import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/types.ts';
import { forbidden } from '../../lib/errors.ts';
import { presentUser } from '../../lib/present-user.ts';
import * as repo from './stats.repository.ts';

const MESSAGES_LIMIT = 50;

/** A `{username}` in a path must be the caller's own (compared case-insensitively). */
export function assertOwnUsername(user: UserRow, username: string): void {
  if (user.username_key !== username.trim().toLowerCase()) throw forbidden();
}

export function createStatsService(deps: {
  db: Kysely<DB>;
  availableUnits: (userId: string) => Promise<number | null>;
  /** The learning feature's review moments: a day with a recap review counts for the streak. */
  reviewMoments: (userId: string) => Promise<string[]>;
}) {
  return {
    async units(user: UserRow, username: string): Promise<UnitsResponse> {
      assertOwnUsername(user, username);
      const available = await deps.availableUnits(user.id);
      // Counting units may have rolled a lapsed Pro cycle back to Free: show the plan as it is now.
      const current = (await repo.userById(deps.db, user.id)) ?? user;
      return { success: true, user: presentUser(current), available_units: available };
    },
    async userStats(user: UserRow, username: string): Promise<UserStats> {
      assertOwnUsername(user, username);
      const [total, reviews] = await Promise.all([
        repo.countMessages(deps.db, user.id),
        deps.reviewMoments(user.id),
      ]);
      return { total_messages: total, review_dates: reviews };
    },
    async userMessages(user: UserRow, username: string): Promise<UserMessage[]> {
      assertOwnUsername(user, username);
      const rows = await repo.recentMessages(deps.db, user.id, MESSAGES_LIMIT);
      return rows.map((r) => ({
        concept_name: r.concept_name,
        ai_answer: r.ai_answer,
        created_date: r.created_at,
      }));
    },
  };
}
export type StatsService = ReturnType<typeof createStatsService>;
