import type { Kysely, Transaction } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { DB } from '../../db/types.ts';

type Db = Kysely<DB> | Transaction<DB>;

const SHARE_COLUMNS = [
  'id',
  'explanation_id',
  'user_id',
  'title',
  'visibility',
  'created_at',
] as const;

/** Read on every view of a share page (the revocation check): compiled once. */
const shareById = preparedQuery(1, (db, shareId: string) =>
  db.selectFrom('shares').select(SHARE_COLUMNS).where('id', '=', shareId),
);

export async function shareOf(db: Db, shareId: string) {
  const [row] = await shareById(db, shareId);
  return row;
}

export function shareOfExplanation(db: Db, explanationId: string) {
  return db
    .selectFrom('shares')
    .select(SHARE_COLUMNS)
    .where('explanation_id', '=', explanationId)
    .executeTakeFirst();
}

/** Keeps the first link made for an explanation: two requests may share it at the same time. */
export async function insertShare(
  db: Db,
  row: {
    id: string;
    explanationId: string;
    userId: string;
    title: string;
    visibility: string;
    createdAt: string;
  },
): Promise<void> {
  await db
    .insertInto('shares')
    .values({
      id: row.id,
      explanation_id: row.explanationId,
      user_id: row.userId,
      title: row.title,
      visibility: row.visibility,
      created_at: row.createdAt,
    })
    .onConflict((oc) => oc.column('explanation_id').doNothing())
    .execute();
}

export async function setVisibility(db: Db, shareId: string, visibility: string): Promise<void> {
  await db.updateTable('shares').set({ visibility }).where('id', '=', shareId).execute();
}

/** Deletes the user's own link; false when they have none by that id. */
export async function deleteShare(db: Db, shareId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('shares')
    .where('id', '=', shareId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function sharesOf(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('shares')
    .select(SHARE_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Account deletion: every link of the user goes (their pages are 404 from then on). */
export async function deleteSharesOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('shares').where('user_id', '=', userId).execute();
}
