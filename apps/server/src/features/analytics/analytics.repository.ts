import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB, PageViewsTable } from '../../db/types.ts';

export type NewPageView = Insertable<PageViewsTable>;

export async function insertPageView(
  db: Kysely<DB> | Transaction<DB>,
  row: NewPageView,
): Promise<void> {
  await db.insertInto('page_views').values(row).execute();
}

/** Account deletion: page views stay as counts, tied to nobody. */
export async function forgetViewer(
  db: Kysely<DB> | Transaction<DB>,
  userId: string,
): Promise<void> {
  await db.updateTable('page_views').set({ user_id: null }).where('user_id', '=', userId).execute();
}
