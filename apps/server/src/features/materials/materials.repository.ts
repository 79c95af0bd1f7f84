import { type Kysely, sql, type Transaction } from 'kysely';
import type { DatabaseKind } from '../../db/database.ts';
import type { DB } from '../../db/types.ts';
import type { PassageDraft } from './passages.ts';

type Db = Kysely<DB> | Transaction<DB>;

export interface NewMaterial {
  id: string;
  userId: string;
  title: string;
  pages: number | null;
  chars: number;
  createdAt: string;
}

/** A passage found by search, best first. */
export interface FoundPassage {
  position: number;
  page: number | null;
  text: string;
}

// Rows per insert: SQLite allows 32,766 bound values; 4 per row.
const INSERT_BATCH = 500;

export async function insertMaterial(db: Db, m: NewMaterial, passages: PassageDraft[]) {
  await db
    .insertInto('materials')
    .values({
      id: m.id,
      user_id: m.userId,
      title: m.title,
      pages: m.pages,
      chars: m.chars,
      created_at: m.createdAt,
    })
    .execute();
  for (let i = 0; i < passages.length; i += INSERT_BATCH) {
    await db
      .insertInto('material_passages')
      .values(
        passages.slice(i, i + INSERT_BATCH).map((p) => ({
          material_id: m.id,
          position: p.position,
          page: p.page,
          text: p.text,
        })),
      )
      .execute();
  }
}

export async function countMaterials(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('materials')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Whether the owner still has an account, in the writing transaction: a write that lands after
 * the account was deleted is dropped. On PostgreSQL the row is locked, so one learner's writes
 * and the account's deletion take turns (two uploads cannot both pass the limit either); SQLite
 * runs one write transaction at a time.
 */
export async function ownerStillHere(
  db: Transaction<DB>,
  kind: DatabaseKind,
  userId: string,
): Promise<boolean> {
  const query = db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('deleted_at', 'is', null);
  const row = await (kind === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  return row !== undefined;
}

export function listMaterials(db: Db, userId: string) {
  return db
    .selectFrom('materials')
    .select(['id', 'title', 'pages', 'chars', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function materialOf(db: Db, userId: string, materialId: string) {
  return db
    .selectFrom('materials')
    .select(['id', 'title', 'pages', 'chars', 'created_at'])
    .where('id', '=', materialId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Deletes the material and its passages; false when it is not the user's. */
export async function deleteMaterial(db: Db, userId: string, materialId: string) {
  const found = await materialOf(db, userId, materialId);
  if (!found) return false;
  await db.deleteFrom('material_passages').where('material_id', '=', materialId).execute();
  await db.deleteFrom('materials').where('id', '=', materialId).execute();
  return true;
}

/** A material's passages in reading order (the offline distiller reads them all). */
export function passagesOf(db: Db, materialId: string, limit: number) {
  return db
    .selectFrom('material_passages')
    .select(['position', 'page', 'text'])
    .where('material_id', '=', materialId)
    .orderBy('position')
    .limit(limit)
    .execute();
}

/**
 * The passages of one material about any of the words, best first: FTS5's bm25 within the
 * material's scope term on SQLite, ts_rank over the tsvector on PostgreSQL.
 */
export async function searchPassages(
  db: Db,
  kind: DatabaseKind,
  materialId: string,
  words: readonly string[],
  limit: number,
): Promise<FoundPassage[]> {
  if (words.length === 0) return [];
  if (kind === 'postgres') {
    const query = words.join(' | ');
    const { rows } = await sql<FoundPassage>`
      select position, page, text from material_passages, to_tsquery('english', ${query}) q
      where material_id = ${materialId} and search @@ q
      order by ts_rank(search, q) desc, position limit ${limit}`.execute(db);
    return rows;
  }
  // The material's scope term first: FTS5 then looks only at that material's passages. The
  // stemmer sees the term too, so the id is checked again rather than trusted to the index.
  const scope = `m${materialId.replace(/[^0-9a-f]/gi, '')}`;
  const match = `scope : "${scope}" AND text : (${words.map((w) => `"${w}"`).join(' OR ')})`;
  const { rows } = await sql<FoundPassage>`
    select p.position, p.page, p.text from material_passages_fts f
    join material_passages p on p.id = f.rowid
    where material_passages_fts match ${match} and p.material_id = ${materialId}
    order by bm25(material_passages_fts, 0, 1), p.position limit ${limit}`.execute(db);
  return rows;
}

/**
 * Account deletion: materials go, their passages (and index entries) with them. The owner's row
 * is locked first on PostgreSQL, so an upload storing meanwhile either ends before (and its
 * material goes too) or finds the account gone.
 */
export async function deleteMaterialsOf(
  db: Kysely<DB> | Transaction<DB>,
  kind: DatabaseKind,
  userId: string,
): Promise<void> {
  if (kind === 'postgres') {
    await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  }
  await db.deleteFrom('materials').where('user_id', '=', userId).execute();
}
