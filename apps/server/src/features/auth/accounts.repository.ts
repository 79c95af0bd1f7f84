import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';

type Db = Kysely<DB> | Transaction<DB>;

export interface AccountSearch {
  q: string | undefined;
  sort: 'createdAt' | 'username' | 'email' | 'plan' | 'role';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

const SORT_COLUMNS = {
  createdAt: 'created_at',
  username: 'username_key',
  email: 'email_key',
  plan: 'plan',
  role: 'role',
} as const;

const ACCOUNT_COLUMNS = [
  'id',
  'username',
  'email',
  'mobile',
  'full_name',
  'plan',
  'role',
  'disabled_at',
  'email_verified_at',
  'created_at',
] as const;

/** `%`, `_` and `\` typed in a search are literal characters, not patterns. */
const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtered(db: Db, q: string | undefined) {
  const base = db.selectFrom('users');
  if (!q) return base;
  const pattern = likePattern(q);
  return base.where((eb) =>
    eb.or([
      sql<boolean>`username_key like ${pattern} escape '\\'`,
      sql<boolean>`email_key like ${pattern} escape '\\'`,
      sql<boolean>`mobile like ${pattern} escape '\\'`,
    ]),
  );
}

export async function searchAccounts(db: Db, search: AccountSearch) {
  const column = SORT_COLUMNS[search.sort];
  const [rows, count] = await Promise.all([
    filtered(db, search.q)
      .select(ACCOUNT_COLUMNS)
      .orderBy(column, search.order)
      .orderBy('id', search.order)
      .limit(search.limit)
      .offset(search.offset)
      .execute(),
    filtered(db, search.q)
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export function findAccount(db: Db, id: string) {
  return db.selectFrom('users').select(ACCOUNT_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findAccountByUsername(db: Db, username: string) {
  return db
    .selectFrom('users')
    .select(ACCOUNT_COLUMNS)
    .where('username_key', '=', username.trim().toLowerCase())
    .executeTakeFirst();
}

export async function setRole(db: Db, id: string, role: string): Promise<void> {
  await db.updateTable('users').set({ role }).where('id', '=', id).execute();
}

export async function setDisabledAt(db: Db, id: string, at: string | null): Promise<void> {
  await db.updateTable('users').set({ disabled_at: at }).where('id', '=', id).execute();
}

/** Ends every open session of a user; how many were open. */
export async function revokeSessionsOf(db: Db, userId: string, at: Date): Promise<number> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: at.toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function openSessionsOf(db: Db, userId: string, now: Date) {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'expires_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .orderBy('created_at', 'desc')
    .execute();
}

export async function setSudoUntil(db: Db, sessionId: string, until: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ sudo_until: until.toISOString() })
    .where('id', '=', sessionId)
    .execute();
}

export async function sudoUntil(db: Db, sessionId: string): Promise<string | null> {
  const row = await db
    .selectFrom('sessions')
    .select('sudo_until')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return row?.sudo_until ?? null;
}

/**
 * Sign-ups per UTC day since the day `fromDay`, as the database counts them when an account is
 * opened (migration 0022).
 */
export async function signUpsByDay(db: Db, fromDay: string) {
  const rows = await db
    .selectFrom('signup_days')
    .select(['day', 'sign_ups'])
    .where('day', '>=', fromDay)
    .execute();
  return rows.map((r) => ({ day: r.day, count: Number(r.sign_ups) }));
}

/** Every account ever opened: none is deleted (a deleted one stays, anonymous). */
export async function countAccounts(db: Db): Promise<number> {
  const row = await db
    .selectFrom('signup_days')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('sign_ups'), eb.lit(0)).as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function usernamesOf(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('users').select(['id', 'username']).where('id', 'in', ids).execute();
}
