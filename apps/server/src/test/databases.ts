import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, type DatabaseKind, migrateToLatest, openDatabase } from '../db/database.ts';

export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({
    connectionString: TEST_DATABASE_URL,
    connectionTimeoutMillis: 3000,
  });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function detectDatabases(): Promise<DatabaseKind[]> {
  if (await postgresReachable()) return ['sqlite', 'postgres'];
  const notice = `PostgreSQL at ${TEST_DATABASE_URL} is not reachable`;
  if (process.env.CI === 'true') throw new Error(`${notice}; CI requires it.`);
  console.warn(`\n!!! ${notice}: PostgreSQL tests are SKIPPED. !!!\n`);
  return ['sqlite'];
}

/** The databases every data-layer test runs on: SQLite always, PostgreSQL when reachable. */
export const TEST_DATABASES: DatabaseKind[] = await detectDatabases();

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated database: an in-memory SQLite, or a PostgreSQL schema of its own that is
 * dropped on close, so test files can run in parallel.
 */
export async function createTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'sqlite') {
    const database = openDatabase({ url: 'sqlite::memory:', dataDir: '.' });
    await migrateToLatest(database.db);
    return database;
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await withAdmin((c) => c.query(`create schema ${schema}`));
  const database = openDatabase({ url: TEST_DATABASE_URL, dataDir: '.', schema, poolSize: 20 });
  await migrateToLatest(database.db, schema);
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdmin((c) => c.query(`drop schema if exists ${schema} cascade`));
    },
  };
}
