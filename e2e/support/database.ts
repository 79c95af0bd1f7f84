import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { DATA_DIR } from './accounts.ts';

/** The e2e server's own SQLite database (playwright.config.ts gives it DATA_DIR). */
export function withDatabase<T>(work: (db: SQLite.Database) => T): T {
  const db = new SQLite(join(DATA_DIR, 'grasp.db'));
  try {
    db.pragma('busy_timeout = 5000');
    return work(db);
  } finally {
    db.close();
  }
}
