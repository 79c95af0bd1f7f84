import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import * as repo from './analytics.repository.ts';

export interface PageView {
  path: string;
  referrer?: string | undefined;
  userId: string | null;
}

/** Drops the query string and fragment: they may carry tokens or search terms (privacy). */
export function withoutQuery(url: string): string {
  return url.split(/[?#]/, 1)[0] ?? '';
}

export function createAnalyticsService(deps: { db: Kysely<DB>; clock: Clock }) {
  return {
    /** Account deletion's step: the user's page views are kept untied from anyone. */
    forgetUser: (tx: Kysely<DB> | Transaction<DB>, userId: string) => repo.forgetViewer(tx, userId),
    /** Stores one first-party page view: the path, where from, and who when signed in. */
    async recordPageView(view: PageView): Promise<void> {
      const referrer = view.referrer ? withoutQuery(view.referrer.trim()) : '';
      await repo.insertPageView(deps.db, {
        id: newId(),
        path: withoutQuery(view.path) || '/',
        referrer: referrer || null,
        user_id: view.userId,
        created_at: deps.clock.now().toISOString(),
      });
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
