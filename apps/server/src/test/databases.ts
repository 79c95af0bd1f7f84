import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, type DatabaseKind, migrateToLatest, openDatabase } from '../db/database.ts';

const BASE_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Each Vitest worker tests in a database of its own (test_w1, test_w2, …), made on first use.
 * Kysely's migrator lists the tables of every schema in the database, and that query fails
 * when another worker drops or migrates a schema at the same moment.
 */
function workerDatabaseUrl(): string {
  const worker = process.env.VITEST_POOL_ID;
  if (!worker) return BASE_DATABASE_URL;
  const url = new URL(BASE_DATABASE_URL);
  url.pathname = `${url.pathname}_w${worker}`;
  return url.toString();
}

export const TEST_DATABASE_URL = workerDatabaseUrl();

const DUPLICATE_DATABASE = '42P04';

async function createWorkerDatabase(): Promise<void> {
  if (TEST_DATABASE_URL === BASE_DATABASE_URL) return;
  const name = new URL(TEST_DATABASE_URL).pathname.slice(1);
  const client = new pg.Client({
    connectionString: BASE_DATABASE_URL,
    connectionTimeoutMillis: 3000,
  });
  try {
    await client.connect();
    await client.query(`create database "${name}"`);
  } catch (error) {
    if ((error as { code?: string }).code !== DUPLICATE_DATABASE) throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function postgresReachable(): Promise<boolean> {
  // Unreachable shows below: the detection decides, not this.
  await createWorkerDatabase().catch(() => undefined);
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

/** A PostgreSQL schema of its own, which several database handles (instances) can open. */
export async function createTestSchema(url = TEST_DATABASE_URL) {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await withAdmin((c) => c.query(`create schema ${schema}`));
  return {
    schema,
    open: () => openDatabase({ url, dataDir: '.', schema, poolSize: 20 }),
    drop: () => withAdmin((c) => c.query(`drop schema if exists ${schema} cascade`)),
  };
}

/**
 * A fresh, migrated database: an in-memory SQLite, or a PostgreSQL schema of its own that is
 * dropped on close, so test files can run in parallel.
 */
export async function createTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'sqlite') {
    const database = openDatabase({ url: 'sqlite::memory:', dataDir: '.' });
    await migrateToLatest(database.db, database.schema);
    return database;
  }
  const testSchema = await createTestSchema();
  const database = testSchema.open();
  await migrateToLatest(database.db, database.schema);
  return {
    ...database,
    close: async () => {
      await database.close();
      await testSchema.drop();
    },
  };
}
