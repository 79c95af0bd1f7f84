import type SQLite from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';

type Run = (query: CompiledQuery) => unknown[] | undefined;

const runners = new WeakMap<object, Run>();

/**
 * Lets compiled queries on this Kysely instance skip Kysely's executor and run on the SQLite
 * connection at once. The executor's connection lock and promise hops cost about 13 µs a query,
 * three times what SQLite takes to answer the request path's indexed reads.
 */
export function runDirectlyOn(
  db: object,
  connection: SQLite.Database,
  prepare: (sql: string) => SQLite.Statement,
): void {
  runners.set(db, (query) => {
    // Another request's transaction holds the connection between its statements; a query run
    // now would land inside it. Kysely's path waits for the lock instead.
    if (connection.inTransaction) return undefined;
    const statement = prepare(query.sql);
    const parameters = query.parameters as unknown[];
    if (statement.reader) return statement.all(parameters);
    statement.run(parameters);
    return [];
  });
}

/** The rows of a compiled query run directly, or undefined when it must go through Kysely. */
export function runDirectly<R>(db: object, query: CompiledQuery<R>): R[] | undefined {
  return runners.get(db)?.(query) as R[] | undefined;
}
