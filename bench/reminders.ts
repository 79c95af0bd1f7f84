/**
 * The reminder job (issue 25, DESIGN.md §11) over 100,000 users with reminders on, every one of
 * them at their hour now (the worst case: the whole base in one zone), 10 % with recaps due, on
 * SQLite and on PostgreSQL: the time of a run that sends the 10,000 reminders (goal ≤ 30 s),
 * the queries it makes per batch of 1,000 users (goal: a constant, not one per user), and, as the
 * same-run baseline, a second run right after, which finds every reminder claimed and sends
 * nothing, and a plain read of every user's settings. The mailer is a no-op: the job is
 * measured, not the disk or an SMTP server. Run: npm run bench:reminders
 * (BENCH_DATABASE_URL overrides the PostgreSQL server used, as in the other benches)
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely, KyselyPlugin } from 'kysely';
import { type Database, migrateToLatest, openDatabase } from '../apps/server/src/db/database.ts';
import type { DB } from '../apps/server/src/db/types.ts';
import { createRecapsService } from '../apps/server/src/features/learning/recaps.service.ts';
import { localTime } from '../apps/server/src/features/reminders/local-time.ts';
import { createRemindersService } from '../apps/server/src/features/reminders/reminders.service.ts';
import { createUnsubscribeTokens } from '../apps/server/src/features/reminders/unsubscribe-token.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { newId } from '../apps/server/src/lib/ids.ts';
import { onFreshPostgres } from './lib.ts';

const say = (line: string) => process.stdout.write(`${line}\n`);
const USERS = 100_000;
const DUE_SHARE = 0.1;
const BATCH = 1000;
const ZONE = 'Asia/Kolkata';
const CHUNK = 500;

/** Counts the statements Kysely sends. */
function countingPlugin() {
  const counter = { queries: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      counter.queries++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { counter, plugin };
}

async function seed(db: Kysely<DB>): Promise<void> {
  const now = new Date();
  const stamp = now.toISOString();
  const past = new Date(now.getTime() - 3 * 86_400_000).toISOString();
  const later = new Date(now.getTime() + 5 * 86_400_000).toISOString();
  const hour = localTime(ZONE, now).hour;
  for (let start = 0; start < USERS; start += CHUNK) {
    const ids = Array.from({ length: Math.min(CHUNK, USERS - start) }, () => newId());
    const users = ids.map((id, i) => {
      const name = `bench${start + i}`;
      return {
        id,
        username: name,
        username_key: name,
        email: `${name}@example.com`,
        email_key: `${name}@example.com`,
        mobile: '9876543210',
        full_name: 'Bench User',
        avatar: null,
        plan: 'free',
        pin_hash: 'x',
        email_verified_at: stamp,
        created_at: stamp,
      };
    });
    await db.transaction().execute(async (tx) => {
      await tx.insertInto('users').values(users).execute();
      await tx
        .insertInto('notification_settings')
        .values(
          ids.map((id) => ({
            user_id: id,
            email: 1,
            push: 0,
            hour,
            timezone: ZONE,
            updated_at: stamp,
          })),
        )
        .execute();
      const cards = ids.flatMap((id, i) => {
        const due = (start + i) % Math.round(1 / DUE_SHARE) === 0;
        return Array.from({ length: due ? 3 : 1 }, (_, n) => ({
          id: newId(),
          user_id: id,
          concept_key: `concept ${n}`,
          query: `Concept ${n}`,
          explanation_id: newId(),
          answer_id: 'answer',
          explained_at: past,
          takeaway: 'A takeaway.',
          due_at: due ? past : later,
          fsrs_json: '{}',
          created_at: past,
          updated_at: past,
        }));
      });
      for (let c = 0; c < cards.length; c += CHUNK) {
        await tx
          .insertInto('recap_cards')
          .values(cards.slice(c, c + CHUNK))
          .execute();
      }
    });
  }
}

async function measure(database: Database, label: string): Promise<void> {
  await migrateToLatest(database.db, database.schema);
  let t = performance.now();
  await seed(database.db);
  const seedS = (performance.now() - t) / 1000;
  const { counter, plugin } = countingPlugin();
  const db = database.db.withPlugin(plugin);
  let mails = 0;
  const reminders = createRemindersService({
    db,
    clock: systemClock,
    mailer: { send: async () => void mails++ },
    push: { accepts: () => true, send: async () => 'delivered' },
    publicUrl: 'http://localhost:3000',
    unsubscribeTokens: createUnsubscribeTokens('bench-secret-that-is-long-enough-00000'),
    recaps: createRecapsService({ db, clock: systemClock }),
    log: { warn: (obj, msg) => say(`${msg} ${JSON.stringify(obj)}`) },
    batchSize: BATCH,
  });

  t = performance.now();
  const run = await reminders.runReminders();
  const runS = (performance.now() - t) / 1000;
  const runQueries = counter.queries;
  const batches = Math.ceil(run.candidates / BATCH);

  counter.queries = 0;
  t = performance.now();
  const again = await reminders.runReminders();
  const againS = (performance.now() - t) / 1000;

  t = performance.now();
  const all = await database.db
    .selectFrom('notification_settings')
    .select(['user_id', 'hour', 'timezone'])
    .execute();
  const readS = (performance.now() - t) / 1000;

  say(`\n${label} (${USERS.toLocaleString('en')} users, seeded in ${seedS.toFixed(1)} s)`);
  say(
    `  run:          ${runS.toFixed(2)} s — ${run.candidates} candidates, ${run.sent} reminders sent (${mails} mails), ${run.failed} failed`,
  );
  say(
    `  queries:      ${runQueries} in ${batches} batches of ${BATCH}: ${(runQueries / batches).toFixed(1)} per batch, ${(runQueries / run.candidates).toFixed(4)} per user`,
  );
  say(
    `  baseline:     second run ${againS.toFixed(2)} s (${again.candidates} candidates, ${again.sent} sent, ${counter.queries} queries); reading all ${all.length} settings rows ${readS.toFixed(2)} s`,
  );
  await database.close();
}

const dir = mkdtempSync(join(tmpdir(), 'grasp-bench-reminders-'));
await measure(openDatabase({ url: undefined, dataDir: dir }), 'SQLite');
await onFreshPostgres(({ DATABASE_URL }) =>
  measure(openDatabase({ url: DATABASE_URL, dataDir: dir }), 'PostgreSQL'),
);
