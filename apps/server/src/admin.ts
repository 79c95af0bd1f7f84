import { ConfigError, parseEnv } from './config/config.ts';
import { loadSecrets } from './config/secrets.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { createAudit } from './features/admin/audit.service.ts';
import { runConsoleCommand } from './features/admin/console-commands.ts';
import { createAccountsService } from './features/auth/accounts.service.ts';
import { createBillingService } from './features/billing/billing.service.ts';
import { createUsageService } from './features/billing/usage.service.ts';
import { systemClock } from './lib/clock.ts';

/** `npm run admin -- <command>`: the same config and database the server uses. */
async function main(): Promise<number> {
  const config = parseEnv(process.env);
  const database = openDatabase({ url: config.databaseUrl, dataDir: config.DATA_DIR });
  try {
    await migrateToLatest(database.db, database.schema);
    const usage = createUsageService({ db: database.db, clock: systemClock });
    const log = {
      info: () => undefined,
      warn: (obj: object, msg: string) => console.warn(msg, obj),
    };
    const billing = createBillingService({
      db: database.db,
      clock: systemClock,
      config,
      secret: loadSecrets(config.DATA_DIR, config).jwtSecret,
      usage,
      // The admin commands send no mail.
      mailer: { send: async () => undefined },
      log,
    });
    return await runConsoleCommand(process.argv.slice(2), {
      db: database.db,
      accounts: createAccountsService({ db: database.db, clock: systemClock }),
      audit: createAudit({ db: database.db, clock: systemClock }),
      usage,
      refunds: billing.refunds,
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
