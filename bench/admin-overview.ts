/**
 * The operator's overview (issue 35, DESIGN.md §15) over 100,000 learners and 1,000,000
 * explanations spread over the last year, on PostgreSQL (a database of its own, filled with
 * generate_series): p50/p99 of GET /api/admin/overview?days=30 (goal p99 ≤ 300 ms) beside
 * GET /api/admin/me, a trivial admin route through the same guard, as the same-run baseline.
 * Requests go through Fastify's inject, one at a time: the server's own time is measured.
 * The filled database is kept for the next run (see onSeededPostgres): its name carries the
 * seed's version and sizes, BENCH_RESEED=1 fills it anew. The rows are written against the schema
 * of SEED_SCHEMA and the later migrations run over them, so their backfills are timed too.
 * Run: npm run bench:admin (BENCH_DATABASE_URL overrides the PostgreSQL server, as elsewhere)
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, Migrator, sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import { parseEnv } from '../apps/server/src/config/config.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrations } from '../apps/server/src/db/migrations/index.ts';
import type { DB } from '../apps/server/src/db/types.ts';
import { hashPin } from '../apps/server/src/features/auth/pin.ts';
import { onSeededPostgres, percentile, print, printRows } from './lib.ts';

const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 100_000);
const EXPLANATIONS = Number(process.env.BENCH_EXPLANATIONS ?? 1_000_000);
const PAYMENTS = Math.round(LEARNERS / 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
/** Bump when the seed below changes: the kept database of another version is filled anew. */
const SEED_VERSION = 3;
/** The schema the seed writes to; the migrations after it run over the seeded rows. */
const SEED_SCHEMA = '0018-operator-console';
const SECRETS = {
  jwtSecret: 'bench-jwt-secret-that-is-long-enough-0000',
  altchaHmacKey: 'bench-altcha-key-that-is-long-enough-000',
  vapidPublicKey:
    'BPcdKsr3zFxlbEj0MhqyBKskZfwponyyNQ6VPxjQ7J9_tchJYMuL_gFk_H1FqMSUVnDe606dl6aTdRL92eyQi14',
  vapidPrivateKey: 'WrQuTt5zJ9QHON8TriSrm-67nYq3Caq1phGdAr4YGwc',
};
/** A moment `g` steps back over the last year, as the ISO-8601 UTC text the schema stores. */
const isoBack = (seconds: string) =>
  `to_char((now() at time zone 'UTC') - (${seconds}) * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

async function seed(db: Kysely<DB>): Promise<void> {
  const year = 365 * 86_400;
  await sql
    .raw(`insert into users (id, username, username_key, email, email_key, mobile, full_name,
      avatar, plan, pin_hash, email_verified_at, created_at, role)
    select 'u' || g, 'bench' || g, 'bench' || g, 'bench' || g || '@example.com',
      'bench' || g || '@example.com', '9876543210', 'Bench Learner', null, 'free', 'x', null,
      ${isoBack(`(g::bigint * 7919) % ${year}`)}, 'user'
    from generate_series(1, ${LEARNERS}) g`)
    .execute(db);
  await sql
    .raw(`insert into answer_texts (id, text, details_json) values ('a1', 'bench', null)`)
    .execute(db);
  await sql
    .raw(`insert into explanations (id, user_id, concept_name, query_key, template, difficulty,
      provider, answer_id, material_id, material_title, created_at)
    select 'e' || g, 'u' || (1 + g % ${LEARNERS}), 'c' || g, 'c' || g, 'default', 'beginner',
      (array['offline', 'remote-google', 'remote-openai'])[1 + g % 3], 'a1', null, null,
      ${isoBack(`(g::bigint * 104729) % ${year}`)}
    from generate_series(1, ${EXPLANATIONS}) g`)
    .execute(db);
  await sql
    .raw(`insert into meter_days (day, metric, provider, model, value)
    select to_char((now() at time zone 'UTC') - d * interval '1 day', 'YYYY-MM-DD'), m, 'remote-google',
      'gemini-2.5-flash', 1000 + d
    from generate_series(0, 364) d, unnest(array['ai.calls', 'ai.input_tokens',
      'ai.output_tokens', 'units', 'http.5xx']) m`)
    .execute(db);
  // Half as many payments as learners over the year: nine in ten paid (and invoiced), one in
  // fifty of those refunded; the rest pending or failed.
  await sql
    .raw(`insert into payments (merchant_transaction_id, user_id, gateway, product_id,
      amount_paise, state, gateway_transaction_id, upgraded_at, created_at, updated_at,
      buyer_state)
    select 'p' || g, 'u' || (1 + g % ${LEARNERS}), 'phonepe', 'pro-monthly', 9900,
      case when g % 10 < 9 then 'PAYMENT_SUCCESS' when g % 20 = 9 then 'PAYMENT_PENDING'
        else 'PAYMENT_ERROR' end, null, null, t, t, '29'
    from (select g, ${isoBack(`(g::bigint * 7877) % ${year}`)} as t
      from generate_series(1, ${PAYMENTS}) g) s`)
    .execute(db);
  await sql
    .raw(`insert into invoices (id, financial_year, sequence, invoice_number,
      merchant_transaction_id, user_id, buyer_name, buyer_email, buyer_state, seller_json,
      taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise, issued_at)
    select 'i' || p.merchant_transaction_id, 'bench', row_number() over (order by p.created_at),
      'GRASP/bench/' || p.merchant_transaction_id, p.merchant_transaction_id, p.user_id,
      'Bench Learner', 'bench@example.com', '29', '{}', 8390, 755, 755, 0, 9900, p.created_at
    from payments p where p.state = 'PAYMENT_SUCCESS'`)
    .execute(db);
  await sql
    .raw(`insert into refunds (merchant_refund_id, merchant_transaction_id, user_id,
      amount_paise, state, gateway_refund_id, downgraded_at, created_at, updated_at)
    select 'r' || p.merchant_transaction_id, p.merchant_transaction_id, p.user_id, 9900,
      'COMPLETED', null, null, p.created_at, p.created_at
    from payments p where p.state = 'PAYMENT_SUCCESS' and substr(p.merchant_transaction_id, 2)::int % 50 = 0`)
    .execute(db);
  // What autovacuum would have done by the time an operator looks (it may be off on a test
  // server): statistics, and the visibility maps that let counts read indexes alone.
  await sql.raw('vacuum analyze').execute(db);
}

async function timeRounds(run: () => Promise<number>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    const status = await run();
    times.push(performance.now() - start);
    if (status !== 200) throw new Error(`answered ${status}`);
  }
  return times.sort((a, b) => a - b);
}

const migrator = (db: Kysely<DB>, schema: string | undefined) =>
  new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });

await onSeededPostgres(
  'grasp_bench_admin_',
  `grasp_bench_admin_v${SEED_VERSION}_${LEARNERS}_${EXPLANATIONS}`,
  async ({ DATABASE_URL }) => {
    const database = openDatabase({ url: DATABASE_URL, dataDir: '.' });
    try {
      const { error } = await migrator(database.db, database.schema).migrateTo(SEED_SCHEMA);
      if (error) throw error;
      const started = performance.now();
      await seed(database.db);
      print(
        `seeded ${LEARNERS} learners, ${EXPLANATIONS} explanations and ${PAYMENTS} payments in ${Math.round(performance.now() - started)} ms`,
      );
    } finally {
      await database.close();
    }
  },
  async ({ DATABASE_URL, reused }) => {
    if (reused) print(`reusing the seeded database (BENCH_RESEED=1 fills it anew)`);
    const database = openDatabase({ url: DATABASE_URL, dataDir: '.' });
    let started = performance.now();
    const { error, results } = await migrator(database.db, database.schema).migrateToLatest();
    if (error) throw error;
    const applied = (results ?? []).map((r) => r.migrationName);
    if (applied.length > 0) {
      print(
        `migrated over the seeded rows (${applied.join(', ')}) in ${Math.round(performance.now() - started)} ms`,
      );
      await sql.raw('vacuum analyze').execute(database.db);
    }
    await database.db
      .insertInto('users')
      .values({
        id: 'u-root',
        username: 'Root',
        username_key: 'root',
        email: 'root@example.com',
        email_key: 'root@example.com',
        mobile: '9876543210',
        full_name: 'Root',
        avatar: null,
        plan: 'free',
        pin_hash: await hashPin('1234'),
        email_verified_at: new Date().toISOString(),
        created_at: new Date().toISOString(),
        role: 'admin',
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const dataDir = mkdtempSync(join(tmpdir(), 'grasp-bench-admin-'));
    const app = await buildApp({
      config: parseEnv({
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        DATABASE_URL,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_SCALE: '1000',
      }),
      database,
      secrets: SECRETS,
      redis: null,
      webDist: join(dataDir, 'no-web'),
    });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'Root', password: '1234' },
      });
      const { token } = login.json<{ token: string }>();
      const get = (url: string) => async () =>
        (await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }))
          .statusCode;
      started = performance.now();
      await get('/api/admin/overview?days=30')();
      print(`first overview (cold): ${Math.round(performance.now() - started)} ms`);
      const baseline = await timeRounds(get('/api/admin/me'));
      const overview = await timeRounds(get('/api/admin/overview?days=30'));
      const year = await timeRounds(get('/api/admin/overview?days=365'));
      const row = (label: string, t: number[]) => [
        label,
        percentile(t, 50).toFixed(1),
        percentile(t, 99).toFixed(1),
      ];
      print(`\n${ROUNDS} sequential requests each, PostgreSQL`);
      printRows([
        ['route', 'p50 ms', 'p99 ms'],
        row('GET /api/admin/me (baseline)', baseline),
        row('GET /api/admin/overview?days=30', overview),
        row('GET /api/admin/overview?days=365', year),
      ]);
      print(
        `goal: overview?days=30 p99 <= 300 ms: ${percentile(overview, 99) <= 300 ? 'met' : 'NOT met'}`,
      );
    } finally {
      await app.close();
    }
  },
);
