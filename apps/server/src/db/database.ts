import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, type SqliteDatabase, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import type { DB } from './types.ts';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://…, sqlite:path, file:path, or undefined for DATA_DIR/grasp.db */
  url: string | undefined;
  dataDir: string;
  /** PostgreSQL schema to use (tests isolate themselves in their own schema). */
  schema?: string;
  poolSize?: number;
}

function sqlitePath(url: string | undefined, dataDir: string): string {
  if (!url) return join(dataDir, 'grasp.db');
  const path = url.replace(/^(sqlite|file):(\/\/)?/, '');
  return path === ':memory:' ? path : resolve(path);
}

const STATEMENT_CACHE_SIZE = 200;

/**
 * Kysely prepares every query anew; better-sqlite3 statements are reusable, and preparing them
 * was a large share of a request's CPU time. The cache is bounded, oldest out first.
 */
function withStatementCache(database: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(query: string) {
      let statement = statements.get(query);
      if (!statement) {
        statement = database.prepare(query);
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) statements.delete(oldest);
        }
        statements.set(query, statement);
      }
      return statement;
    },
  };
}

function openSqlite(path: string): Kysely<DB> {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const database = new SQLite(path);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  return new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
}

function openPostgres(url: string, schema: string | undefined, poolSize: number): Kysely<DB> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

export function openDatabase(options: DatabaseOptions): Database {
  const isPostgres = /^postgres(ql)?:\/\//.test(options.url ?? '');
  const db = isPostgres
    ? openPostgres(options.url as string, options.schema, options.poolSize ?? 10)
    : openSqlite(sqlitePath(options.url, options.dataDir));
  return { db, kind: isPostgres ? 'postgres' : 'sqlite', close: () => db.destroy() };
}

/**
 * Applies every pending migration; throws if one fails. Pass the PostgreSQL schema when there is
 * one: unless told, Kysely takes its bookkeeping tables in any schema of the database for its own.
 */
export async function migrateToLatest(db: Kysely<DB>, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

export async function pingDatabase(db: Kysely<DB>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
