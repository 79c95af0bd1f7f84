/**
 * Spaced recaps (issue 16) on SQLite and on PostgreSQL: the recap queue of a user with 10,000
 * cards (GET /api/learning/recaps; goal p99 ≤ 20 ms), and reviews under 50 connections, each a
 * different due card. The user's 10,000 explanations are written straight into the database
 * (texts from real offline explanations); the first GET turns them into cards, and its time is
 * shown too. Needs a build (npm run build). Run: npm run bench:recaps
 * (BENCH_PORT moves the servers; BENCH_DATABASE_URL overrides the PostgreSQL server used: a
 * throwaway database is created there and dropped afterwards)
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Request } from 'autocannon';
import type SQLiteModule from 'better-sqlite3';
import {
  basePort,
  helloWorldFloor,
  LOAD_HEADER,
  type LoadFigures,
  load,
  loadRow,
  onBothDatabases,
  pg,
  printRows,
  type Started,
  signUp,
  startServer,
} from './lib.ts';

const CARDS = 10_000;
const DUE_NOW = 50;
// The server's own drivers, so the benchmarks need no dependency of their own for them.
const serverRequire = createRequire(new URL('../apps/server/', import.meta.url));
const SQLite: typeof SQLiteModule = serverRequire('better-sqlite3');
const port = basePort(3321);
const DAY = 24 * 60 * 60 * 1000;
const TOPICS = ['gravity', 'photosynthesis', 'volcano', 'entropy', 'democracy', 'enzyme'];

/** Runs SQL on the server's database while it runs: the SQLite file, or the PostgreSQL one. */
interface Sql {
  run(text: string, params?: unknown[]): Promise<void>;
  rows<T>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

function sqliteSql(dataDir: string): Sql {
  const db = new SQLite(join(dataDir, 'grasp.db'));
  db.pragma('busy_timeout = 10000');
  const positional = (text: string) => text.replace(/\$\d+/g, '?');
  return {
    run: async (text, params = []) => {
      db.prepare(positional(text)).run(...params);
    },
    rows: async <T>(text: string, params: unknown[] = []) =>
      db.prepare(positional(text)).all(...params) as T[],
    close: async () => {
      db.close();
    },
  };
}

async function postgresSql(url: string): Promise<Sql> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    run: async (text, params = []) => {
      await client.query(text, params);
    },
    rows: async <T>(text: string, params: unknown[] = []) =>
      (await client.query(text, params)).rows as T[],
    close: () => client.end(),
  };
}

/** 10,000 explanations of distinct concepts over the past year, sharing real answer texts. */
async function seedExplanations(server: Started, sql: Sql, token: string, userId: string) {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  for (const query of TOPICS) {
    const res = await fetch(`${server.url}/api/ai/aiResponseGoogle`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query, provider: 'offline' }),
    });
    if (!res.ok) throw new Error(`explaining ${query} failed: ${res.status}`);
  }
  const answers = (
    await sql.rows<{ answer_id: string }>(
      'select distinct answer_id from explanations where user_id = $1',
      [userId],
    )
  ).map((r) => r.answer_id);
  const now = Date.now();
  const BATCH = 500;
  for (let start = 0; start < CARDS - TOPICS.length; start += BATCH) {
    const rows: unknown[] = [];
    const values: string[] = [];
    for (let i = start; i < Math.min(start + BATCH, CARDS - TOPICS.length); i++) {
      const name = `concept ${String(i).padStart(5, '0')}`;
      const at = new Date(now - 30 * DAY - (i % 335) * DAY - i * 1000).toISOString();
      const p = rows.length;
      values.push(
        `($${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}, 'default', 'beginner', 'offline', $${p + 5}, 'en', $${p + 6})`,
      );
      rows.push(randomUUID(), userId, name, name, answers[i % answers.length], at);
    }
    await sql.run(
      `insert into explanations (id, user_id, concept_name, query_key, template, difficulty, provider, answer_id, language, created_at) values ${values.join(', ')}`,
      rows,
    );
  }
}

/** Every card but DUE_NOW falls due over the coming year; or, for the reviews, all are due. */
async function spreadDueDates(sql: Sql, userId: string, allDue: boolean) {
  const cards = await sql.rows<{ id: string }>(
    'select id from recap_cards where user_id = $1 order by id',
    [userId],
  );
  const now = Date.now();
  const future = cards.length - (allDue ? cards.length : DUE_NOW);
  const BATCH = 1000;
  for (let start = 0; start < cards.length; start += BATCH) {
    const slice = cards.slice(start, start + BATCH);
    const cases = slice.map((_, j) => `when $${2 * j + 1} then $${2 * j + 2}`).join(' ');
    const params = slice.flatMap((c, j) => {
      const i = start + j;
      const due = i < future ? now + DAY + (i % 365) * DAY : now - DAY - (i % 30) * DAY;
      return [c.id, new Date(due).toISOString()];
    });
    const ids = slice.map((_, j) => `$${params.length + j + 1}`).join(', ');
    await sql.run(`update recap_cards set due_at = case id ${cases} end where id in (${ids})`, [
      ...params,
      ...slice.map((c) => c.id),
    ]);
  }
  return cards.map((c) => c.id);
}

interface Figures {
  firstSyncMs: number;
  queue: { due: number; dueCount: number; upcoming: number; bytes: number };
  get1: LoadFigures;
  get10: LoadFigures;
  review50: LoadFigures;
  reviewsCounted: number;
}

async function recapsBench(env: Record<string, string>, offset: number): Promise<Figures> {
  const server = await startServer('apps/server/dist/main.js', port + offset, {
    RATE_LIMIT_SCALE: '100000',
    ...env,
  });
  const sql = env.DATABASE_URL ? await postgresSql(env.DATABASE_URL) : sqliteSql(server.dataDir);
  try {
    const username = `recap${Date.now().toString(36)}`;
    const token = await signUp(server, username);
    const headers = { authorization: `Bearer ${token}` };
    const [user] = await sql.rows<{ id: string }>('select id from users where username_key = $1', [
      username,
    ]);
    if (!user) throw new Error('no user');
    await seedExplanations(server, sql, token, user.id);

    const url = `${server.url}/api/learning/recaps`;
    const started = performance.now();
    const first = await fetch(url, { headers });
    if (!first.ok) throw new Error(`first GET failed: ${first.status} ${await first.text()}`);
    const firstSyncMs = Math.round(performance.now() - started);

    await spreadDueDates(sql, user.id, false);
    const body = await (await fetch(url, { headers })).text();
    const parsed = JSON.parse(body) as { due: unknown[]; dueCount: number; upcoming: number };
    const get1 = await load({ url, headers, connections: 1 });
    const get10 = await load({ url, headers, connections: 10 });

    const cardIds = await spreadDueDates(sql, user.id, true);
    let next = 0;
    const review: Request = {
      method: 'POST',
      setupRequest: (request) => ({
        ...request,
        path: `/api/learning/recaps/${cardIds[next++ % cardIds.length]}/review`,
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ rating: 'good' }),
      }),
    };
    const review50 = await load({
      url: server.url,
      connections: 50,
      requests: [review],
      amount: cardIds.length,
      duration: 300,
    });
    const [counted] = await sql.rows<{ n: string | number }>(
      'select count(*) as n from recap_reviews where user_id = $1',
      [user.id],
    );
    return {
      firstSyncMs,
      queue: {
        due: parsed.due.length,
        dueCount: parsed.dueCount,
        upcoming: parsed.upcoming,
        bytes: body.length,
      },
      get1,
      get10,
      review50,
      reviewsCounted: Number(counted?.n ?? 0),
    };
  } finally {
    await sql.close();
    await server.stop();
  }
}

const results = await onBothDatabases(recapsBench);
const floor = await helloWorldFloor(port + 2);

printRows([
  LOAD_HEADER,
  ...results.flatMap(([db, f]) => [
    loadRow(`${db}: GET recaps, 1 conn`, f.get1),
    loadRow(`${db}: GET recaps, 10 conn`, f.get10),
    loadRow(`${db}: review, 50 conn`, f.review50),
  ]),
  loadRow('hello-world, 1 conn (floor)', floor),
]);
for (const [db, f] of results) {
  process.stdout.write(
    `${db}: ${CARDS} cards made from explanations by the first GET in ${f.firstSyncMs} ms; queue of ${f.queue.due} due items (dueCount ${f.queue.dueCount}, upcoming ${f.queue.upcoming}), ${f.queue.bytes} bytes; ${f.reviewsCounted} reviews counted for ${CARDS} sent\n`,
  );
}
process.stdout.write(
  'goal: p99 of GET /api/learning/recaps ≤ 20 ms (1 connection); no review errors\n',
);
