import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB, PageViewsTable } from '../../db/types.ts';

export type NewPageView = Insertable<PageViewsTable>;

export async function insertPageView(
  db: Kysely<DB> | Transaction<DB>,
  row: NewPageView,
): Promise<void> {
  await db.insertInto('page_views').values(row).execute();
}
