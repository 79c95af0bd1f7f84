import { Migrator } from 'kysely';
import { type Database, type DatabaseKind, openDatabase } from '../db/database.ts';
import { migrations } from '../db/migrations/index.ts';
import { createTestSchema } from './databases.ts';

/** An empty database, for tests that migrate step by step. */
export async function unmigrated(kind: DatabaseKind): Promise<Database> {
  if (kind === 'sqlite') return openDatabase({ url: 'sqlite::memory:', dataDir: '.' });
  const testSchema = await createTestSchema();
  const database = testSchema.open();
  return {
    ...database,
    close: async () => {
      await database.close();
      await testSchema.drop();
    },
  };
}

export const migrator = (database: Database) =>
  new Migrator({
    db: database.db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
