import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { userRow } from '../test/user-row.ts';
import { type Database, migrateToLatest, openDatabase } from './database.ts';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('SQLite change watch', () => {
  let database: Database;
  afterEach(() => database.close());

  async function open() {
    const dataDir = mkdtempSync(join(tmpdir(), 'grasp-watch-'));
    database = openDatabase({ url: undefined, dataDir });
    await migrateToLatest(database.db);
    await database.db.insertInto('users').values(userRow('u1', 'Ada')).execute();
    return { path: join(dataDir, 'grasp.db'), changes: database.changes };
  }

  it('moves with this connection’s writes to cached tables, and only those', async () => {
    const { changes } = await open();
    const before = changes?.generation();
    await database.db
      .insertInto('page_views')
      .values({ id: 'p', path: '/', referrer: null, user_id: null, created_at: 'x' })
      .execute();
    await database.db.selectFrom('users').selectAll().execute();
    expect(changes?.generation()).toBe(before);
    await database.db.updateTable('users').set({ plan: 'pro' }).where('id', '=', 'u1').execute();
    expect(changes?.generation()).not.toBe(before);
  });

  it('moves, by the next turn, when another process commits', async () => {
    const { path, changes } = await open();
    await nextTurn();
    const before = changes?.generation();
    const admin = new SQLite(path);
    admin.prepare("update users set plan = 'enterprise'").run();
    admin.close();
    await nextTurn();
    expect(changes?.generation()).not.toBe(before);
  });

  it('is absent on PostgreSQL, where other instances write too', () => {
    database = openDatabase({ url: 'postgres://127.0.0.1:1/none', dataDir: '.' });
    expect(database.changes).toBeUndefined();
  });
});
