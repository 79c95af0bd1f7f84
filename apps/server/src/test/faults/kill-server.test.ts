import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, type DatabaseKind, openDatabase } from '../../db/database.ts';
import { sandboxSigner } from '../../features/billing/payment-test-helpers.ts';
import { systemClock } from '../../lib/clock.ts';
import { TEST_DATABASE_URL, TEST_DATABASES } from '../databases.ts';
import { graspClient } from './grasp-client.ts';
import { brokenInvariants, comeBackLater, openHolds } from './invariants.ts';
import { runLoad } from './load.ts';
import { freePort, serverProcess } from './server-process.ts';

const JWT_SECRET = randomBytes(24).toString('hex');
const KILLS = 2;
const PHASE = { registrations: 2, explanations: 12, payments: 1 };

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A database of the kind under test that nobody else uses, and how to throw it away. */
async function throwawayDatabase(kind: DatabaseKind) {
  if (kind === 'sqlite') return { url: undefined, drop: async () => undefined };
  // The server's configuration takes no schema, so it gets a database of its own.
  const name = `grasp_fault_${randomBytes(5).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

describe.each(TEST_DATABASES)('a server killed under load on %s', (kind) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('keeps everything it answered 2xx, upgrades once per payment, and units add up', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'grasp-fault-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const target = await throwawayDatabase(kind);
    cleanups.push(target.drop);
    const server = serverProcess({
      PORT: String(await freePort(3500, 3599)),
      DATA_DIR: dataDir,
      ...(target.url ? { DATABASE_URL: target.url } : {}),
      JWT_SECRET,
      RATE_LIMIT_SCALE: '100000',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DEFAULT_AI_PROVIDER: 'offline',
      PAYMENT_GATEWAY: 'sandbox',
    });
    cleanups.push(server.stop);
    await server.start();
    const database: Database = openDatabase({ url: target.url, dataDir });
    cleanups.push(database.close);
    const signer = sandboxSigner(database.db, systemClock, JWT_SECRET);

    const load = runLoad({
      server,
      client: graspClient(server.url, dataDir),
      sign: (merchantTransactionId) => signer({ merchantTransactionId }),
      workers: 8,
    });
    try {
      // Each kill lands while all kinds of request are under way; each restart serves them all.
      await load.progress(PHASE);
      for (let kill = 0; kill < KILLS; kill++) {
        await server.kill();
        await server.start();
        await load.progress(PHASE);
      }
    } finally {
      await load.stop();
      await server.stop();
    }

    const { ledger } = load;
    expect(ledger.serverErrors).toEqual([]);
    expect(ledger.paid.size).toBeGreaterThan(0);
    expect(await brokenInvariants(database.db, ledger)).toEqual([]);

    // Units the kills left held go back to their users, once, when they come back later.
    await comeBackLater(database.db);
    expect(await openHolds(database.db)).toBe(0);
    expect(await brokenInvariants(database.db, ledger)).toEqual([]);
  }, 150_000);
});
