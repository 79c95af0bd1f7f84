import { ConfigError, parseEnv } from './config/config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { runAdminCommand } from './features/billing/admin-commands.ts';
import { createUsageService } from './features/billing/usage.service.ts';
import { systemClock } from './lib/clock.ts';

/** `npm run admin -- <command>`: the same config and database the server uses. */
async function main(): Promise<number> {
  const config = parseEnv(process.env);
  const database = openDatabase({ url: config.databaseUrl, dataDir: config.DATA_DIR });
  try {
    await migrateToLatest(database.db, database.schema);
    return await runAdminCommand(process.argv.slice(2), {
      db: database.db,
      usage: createUsageService({ db: database.db, clock: systemClock }),
      out: (text) => process.stdout.write(text),
      err: (text) => process.stderr.write(text),
    });
  } finally {
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exitCode = 1;
  },
);
