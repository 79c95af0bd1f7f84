import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type LogEvent, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { tracing } from '../lib/tracing.ts';
import { type ChangeWatch, watchSqliteChanges } from './change-watch.ts';
import { runDirectlyOn } from './direct-sqlite.ts';
import { migrations } from './migrations/index.ts';
import type { DB } from './types.ts';
import { BACKSTOP_CHECKPOINT_PAGES, startWalCheckpointer } from './wal-checkpointer.ts';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  kind: DatabaseKind;
  /** Tells in-process caches about changes; undefined where other processes share the data. */
  changes?: ChangeWatch | undefined;
  /** The PostgreSQL schema the tables live in; undefined on SQLite. */
  schema?: string | undefined;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://…, sqlite:path, file:path, or undefined for DATA_DIR/grasp.db */
  url: string | undefined;
  dataDir: string;
  /** PostgreSQL schema to use (tests isolate themselves in their own schema). */
  schema?: string;
  poolSize?: number;
  /** SQLite file only: checkpoint the WAL from a worker thread (the server, not scripts). */
  checkpointInBackground?: boolean;
  /** Every query a span (lib/tracing.ts); off, no query pays for a clock read. */
  traced?: boolean;
}

/** Kysely's query log as spans: called after each query with its duration. */
const tracedQueries = (system: 'sqlite' | 'postgresql') => (event: LogEvent) =>
  tracing().query(system, event.query.sql, event.queryDurationMillis);

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
function statementCache(database: SQLite.Database, beforeRun: (s: SQLite.Statement) => void) {
  const statements = new Map<string, SQLite.Statement>();
  // Kysely and the direct path both prepare right before running, once per run.
  return (query: string): SQLite.Statement => {
    let statement = statements.get(query);
    if (!statement) {
      statement = database.prepare(query);
      if (statements.size >= STATEMENT_CACHE_SIZE) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      statements.set(query, statement);
    }
    beforeRun(statement);
    return statement;
  };
}

/**
 * better-sqlite3 builds SQLite with a 16 MiB page cache per connection, which fills as the
 * messages table grows and stays resident (~20 MB of RSS after a load). The rows read on every
 * request (sessions, users, cycles, cached answers) fit in far less; the OS caches the rest.
 */
const PAGE_CACHE_KIB = 4096;

function openSqlite(path: string, checkpointInBackground: boolean, traced: boolean): Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const database = new SQLite(path);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  database.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
  const checkpointer =
    checkpointInBackground && path !== ':memory:' ? startWalCheckpointer(path) : null;
  if (checkpointer) database.pragma(`wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}`);
  const changes = watchSqliteChanges(database);
  const prepare = statementCache(database, changes.beforeRun);
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({ database: { close: () => database.close(), prepare } }),
    ...(traced ? { log: tracedQueries('sqlite') } : {}),
  });
  runDirectlyOn(db, database, prepare, traced);
  return {
    db,
    kind: 'sqlite',
    changes,
    close: async () => {
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}

function openPostgres(
  url: string,
  schema: string | undefined,
  poolSize: number,
  traced: boolean,
): Kysely<DB> {
  // The driver is loaded with the first query: a server on SQLite keeps its ~3 MB of heap.
  const pool = async () => {
    const { default: pg } = await import('pg');
    const created = new pg.Pool({
      connectionString: url,
      max: poolSize,
      // Fail fast while PostgreSQL is away, so callers get a 503 instead of hanging.
      connectionTimeoutMillis: 5000,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    // A client losing its server must not crash the process, idle (the pool's event) or checked
    // out (the client's own, which nothing else listens to): its query is rejected anyway.
    created.on('error', () => undefined);
    created.on('connect', (client) => client.on('error', () => undefined));
    return created;
  };
  return new Kysely<DB>({
    dialect: new PostgresDialect({ pool }),
    ...(traced ? { log: tracedQueries('postgresql') } : {}),
  });
}

export function openDatabase(options: DatabaseOptions): Database {
  if (!/^postgres(ql)?:\/\//.test(options.url ?? '')) {
    const path = sqlitePath(options.url, options.dataDir);
    return openSqlite(path, options.checkpointInBackground ?? false, options.traced ?? false);
  }
  const schema = options.schema ?? 'public';
  const traced = options.traced ?? false;
  const db = openPostgres(options.url as string, options.schema, options.poolSize ?? 10, traced);
  return { db, kind: 'postgres', schema, close: () => db.destroy() };
}

/**
 * Applies every pending migration; throws if one fails. On PostgreSQL pass the schema: without
 * it Kysely looks for its bookkeeping tables in every schema of the database and can mistake
 * another schema's for ours.
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
