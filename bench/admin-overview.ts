/**
 * The operator's overview (issue 35, DESIGN.md §15) over 100,000 learners and 1,000,000
 * explanations spread over the last year, on PostgreSQL (a database of its own, filled with
 * generate_series): p50/p99 of GET /api/admin/overview?days=30 (goal p99 ≤ 300 ms) beside
 * GET /api/admin/me, a trivial admin route through the same guard, as the same-run baseline.
 * Requests go through Fastify's inject, one at a time: the server's own time is measured.
 * Run: npm run bench:admin (BENCH_DATABASE_URL overrides the PostgreSQL server, as elsewhere)
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import { parseEnv } from '../apps/server/src/config/config.ts';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database.ts';
import { hashPin } from '../apps/server/src/features/auth/pin.ts';
import { onFreshPostgres, percentile, print, printRows } from './lib.ts';

const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 100_000);
const EXPLANATIONS = Number(process.env.BENCH_EXPLANATIONS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
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

async function seed(db: Parameters<typeof migrateToLatest>[0]): Promise<void> {
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
  await sql.raw('analyze').execute(db);
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

await onFreshPostgres(async ({ DATABASE_URL }) => {
  const database = openDatabase({ url: DATABASE_URL, dataDir: '.' });
  await migrateToLatest(database.db, database.schema);
  let started = performance.now();
  await seed(database.db);
  print(
    `seeded ${LEARNERS} learners and ${EXPLANATIONS} explanations in ${Math.round(performance.now() - started)} ms`,
  );
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
});
