import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from './database.ts';

const row = (i: number) => ({
  id: `u${i}`,
  username: `user${i}`,
  username_key: `user${i}`,
  email: `user${i}@example.com`,
  email_key: `user${i}@example.com`,
  mobile: '9876543210',
  full_name: 'x'.repeat(2000),
  avatar: null,
  plan: 'free',
  pin_hash: 'x',
  email_verified_at: null,
  created_at: new Date().toISOString(),
});

describe('background WAL checkpoints', () => {
  it('copies committed pages into the database file without the server connection', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'grasp-wal-')), 'grasp.db');
    const database = openDatabase({ url: path, dataDir: '.', checkpointInBackground: true });
    await migrateToLatest(database.db);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const before = statSync(path).size;
    await database.db
      .insertInto('users')
      .values(Array.from({ length: 50 }, (_, i) => row(i)))
      .execute();
    // Far below the 1000 pages at which the writing connection would checkpoint by itself.
    await expect.poll(() => statSync(path).size, { timeout: 4000 }).toBeGreaterThan(before);
    await database.close();
  });
});
