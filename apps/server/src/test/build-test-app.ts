import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppDeps, buildApp } from '../app.ts';
import { parseEnv } from '../config/config.ts';
import type { Database, DatabaseKind } from '../db/database.ts';
import { createTestDatabase } from './databases.ts';

/** The secrets of every test app, so tests can sign tokens the app accepts. */
export const TEST_SECRETS = {
  jwtSecret: 'test-jwt-secret-that-is-long-enough-000',
  altchaHmacKey: 'test-altcha-key-that-is-long-enough-0000',
  vapidPublicKey:
    'BPcdKsr3zFxlbEj0MhqyBKskZfwponyyNQ6VPxjQ7J9_tchJYMuL_gFk_H1FqMSUVnDe606dl6aTdRL92eyQi14',
  vapidPrivateKey: 'WrQuTt5zJ9QHON8TriSrm-67nYq3Caq1phGdAr4YGwc',
};

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  dataDir: string;
  close(): Promise<void>;
}

/** The real app on a fresh database; pass fakes for vendors through `overrides`. */
export async function buildTestApp(
  kind: DatabaseKind,
  overrides: Partial<AppDeps> & { env?: Record<string, string> } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'grasp-test-'));
  const database = overrides.database ?? (await createTestDatabase(kind));
  // No test reaches the real Wikipedia: those about sources turn it on against the fake.
  const config = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SOURCES: 'off',
    ...overrides.env,
  });
  const app = await buildApp({
    config,
    database,
    secrets: TEST_SECRETS,
    redis: null,
    webDist: join(dataDir, 'no-web'),
    ...overrides,
  });
  return {
    app,
    database,
    dataDir,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
