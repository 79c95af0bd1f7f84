import type SQLite from 'better-sqlite3';

/**
 * Tells in-process caches when rows they may hold could have changed. Only the tables whose rows
 * are cached are watched; the request path writes others (messages, holds) all the time.
 */
export interface ChangeWatch {
  /**
   * Moves whenever a watched table may have changed: compare before a read and after it. Another
   * process's commits are looked for once per event-loop turn, or once per `staleMs` where the
   * caller can wait that long to see them (this process's own writes count at once).
   */
  generation(staleMs?: number): number;
}

const CACHED_TABLES = ['users', 'sessions', 'usage_cycles', 'shares'];
const WRITES_CACHED_TABLE = new RegExp(
  `^\\s*(insert\\s+into|update|delete\\s+from|replace\\s+into)\\s+"(${CACHED_TABLES.join('|')})"`,
  'i',
);

/**
 * A SQLite file has one writer process in normal use: this server. Its own writes are seen as
 * their statements are run; another process's (the admin command) through `PRAGMA data_version`,
 * which moves when any other connection commits. That is checked once per event-loop turn: a
 * query-sized cost shared by the requests of the turn, instead of two reads per request.
 */
export function watchSqliteChanges(connection: SQLite.Database) {
  const writesCached = new WeakMap<SQLite.Statement, boolean>();
  const dataVersion = connection.prepare('pragma data_version').pluck();
  let generation = 0;
  let lastVersion: unknown;
  let checkedThisTurn = false;
  let checkedAt = Number.NEGATIVE_INFINITY;
  return {
    /** Call with every statement about to run on the connection. */
    beforeRun(statement: SQLite.Statement): void {
      let writes = writesCached.get(statement);
      if (writes === undefined) {
        writes = WRITES_CACHED_TABLE.test(statement.source);
        writesCached.set(statement, writes);
      }
      if (writes) generation++;
    },
    generation(staleMs = 0): number {
      if (!checkedThisTurn && (staleMs === 0 || performance.now() - checkedAt >= staleMs)) {
        checkedThisTurn = true;
        checkedAt = performance.now();
        setImmediate(() => {
          checkedThisTurn = false;
        });
        const version = dataVersion.get();
        if (version !== lastVersion) {
          lastVersion = version;
          generation++;
        }
      }
      return generation;
    },
  };
}
