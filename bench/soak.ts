/**
 * Soak (issue 37, DESIGN.md §16): two built server instances on one PostgreSQL (a database of
 * their own) and a Redis of the bench's own, under mixed traffic from signed-up users (explain,
 * follow-up, quiz, review, material upload), through four phases: calm; one instance killed with
 * SIGKILL and started again; Redis killed, left away for 5 s and started again; calm again.
 * Prints, per phase and instance, the answers by class and the p50/p99 (beside the calm phase;
 * goal: survivors within 2×, no 5xx from a living instance); what was answered while Redis was
 * away; and whether every acknowledged write is in the database afterwards.
 * The client is a load balancer: a refused connection (an instance not listening) goes to the
 * other instance; a request cut by the kill is the killed instance's own and is counted apart.
 * Needs a build (npm run build) and redis-server. Run: npm run bench:soak
 * (SOAK_PHASE_SECONDS, default 40; SOAK_USERS, default 12; BENCH_PORT; BENCH_DATABASE_URL)
 */
import { createRequire } from 'node:module';
import { DIFFICULTIES, TEMPLATE_IDS } from '@grasp/contract';
import type * as PdfLib from 'pdf-lib';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { createUsageService } from '../apps/server/src/features/billing/usage.service.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { startOwnRedis } from '../apps/server/src/test/redis-server.ts';
import {
  basePort,
  onFreshPostgres,
  percentile,
  pg,
  print,
  printRows,
  type Started,
  signUp,
  startServer,
} from './lib.ts';
import { CONCEPTS } from './offline-concepts.ts';

const PHASE_MS = Number(process.env.SOAK_PHASE_SECONDS ?? 40) * 1000;
const USERS = Number(process.env.SOAK_USERS ?? 12);
const REDIS_AWAY_MS = 5000;
const PHASES = ['calm', 'instance killed', 'Redis restarted', 'calm again'] as const;
type Phase = (typeof PHASES)[number];
const port = basePort(3370);
type PgClient = InstanceType<typeof pg.Client>;

const serverRequire = createRequire(new URL('../apps/server/', import.meta.url));
const { PDFDocument, StandardFonts }: typeof PdfLib = serverRequire('pdf-lib');

async function onePagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  const text = 'Cells take in water by osmosis through the membrane.';
  for (let i = 0; i < 40; i++) page.drawText(text, { x: 40, y: 750 - i * 16, font, size: 11 });
  return doc.save();
}

interface Answer {
  phase: Phase;
  instance: 'A' | 'B';
  kind: string;
  status: number;
  /** Set when no answer came: the connection was cut or timed out. */
  failure?: string;
  startedAt: number;
  ms: number;
}

/** What the server acknowledged with a 2xx, to be found in the database afterwards. */
const acknowledged = {
  explanations: new Set<string>(),
  followUps: new Set<string>(),
  quizAnswers: new Set<string>(),
  reviews: new Map<string, number>(),
  materials: new Set<string>(),
};

const answers: Answer[] = [];
let rerouted = 0;
let soakStart = 0;
const phaseAt = (t: number): Phase =>
  PHASES[Math.min(PHASES.length - 1, Math.floor((t - soakStart) / PHASE_MS))] ?? 'calm';

/** Two instances behind a round-robin balancer that skips one refusing connections. */
function balancer(instances: { A: Started; B: Started }) {
  const downUntil = { A: 0, B: 0 };
  let turn = 0;
  const pick = (): 'A' | 'B' => {
    const first = turn++ % 2 === 0 ? 'A' : 'B';
    const other = first === 'A' ? 'B' : 'A';
    return downUntil[first] > Date.now() && downUntil[other] <= Date.now() ? other : first;
  };
  return async function send(
    kind: string,
    path: string,
    init: RequestInit,
  ): Promise<{ status: number; body: unknown }> {
    for (let attempt = 0; ; attempt++) {
      const name = pick();
      const startedAt = Date.now();
      const record = (status: number, failure?: string) =>
        answers.push({
          phase: phaseAt(startedAt),
          instance: name,
          kind,
          status,
          startedAt,
          ms: Date.now() - startedAt,
          ...(failure ? { failure } : {}),
        });
      try {
        const res = await fetch(`${instances[name].url}${path}`, {
          ...init,
          signal: AbortSignal.timeout(20_000),
        });
        const text = await res.text();
        record(res.status);
        return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
      } catch (error) {
        const code = String((error as { cause?: { code?: string } }).cause?.code ?? error);
        if (code === 'ECONNREFUSED' && attempt < 20) {
          // Nothing reached the instance: a balancer sends it to the other one.
          downUntil[name] = Date.now() + 1000;
          rerouted++;
          if (attempt > 0) await new Promise((r) => setTimeout(r, 200));
          continue;
        }
        record(0, code);
        return { status: 0, body: null };
      }
    }
  };
}
type Send = ReturnType<typeof balancer>;

const json = (token: string, body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  body: JSON.stringify(body),
});

/** One learner's loop: explain, follow up, quiz, review, now and then a material. */
async function learner(send: Send, token: string, index: number, until: number, pdf: Uint8Array) {
  for (let round = 0; Date.now() < until; round++) {
    const concept = CONCEPTS[(index * 7 + round) % CONCEPTS.length] ?? 'gravity';
    const explained = await send(
      'explain',
      '/api/ai/aiResponseGoogle',
      json(token, {
        query: concept,
        template: TEMPLATE_IDS[round % TEMPLATE_IDS.length],
        difficulty: DIFFICULTIES[(index + round) % DIFFICULTIES.length],
        provider: 'offline',
      }),
    );
    if (explained.status !== 200) continue;
    const explanation = explained.body as { explanationId: string; suggestedQuestions?: string[] };
    acknowledged.explanations.add(explanation.explanationId);
    const { explanationId } = explanation;

    const question = explanation.suggestedQuestions?.[0] ?? `What is ${concept}?`;
    const followUp = await send(
      'follow-up',
      '/api/ai/follow-up',
      json(token, { explanationId, provider: 'offline', question }),
    );
    if (followUp.status === 200)
      acknowledged.followUps.add((followUp.body as { followUpId: string }).followUpId);

    const quiz = await send(
      'quiz',
      '/api/ai/quiz',
      json(token, { explanationId, provider: 'offline' }),
    );
    if (quiz.status === 200) {
      const { quizId, questions } = quiz.body as {
        quizId: string;
        questions: { questionId: string }[];
      };
      for (const [i, { questionId }] of questions.entries()) {
        const answered = await send(
          'quiz answer',
          `/api/ai/quiz/${quizId}/answers`,
          json(token, { questionId, choice: (i + round) % 4 }),
        );
        if (answered.status === 200) acknowledged.quizAnswers.add(`${quizId}:${questionId}`);
      }
    }

    const recaps = await send('recaps', '/api/learning/recaps', {
      headers: { authorization: `Bearer ${token}` },
    });
    const due = (recaps.body as { due?: { cardId: string }[] } | null)?.due?.[0];
    if (recaps.status === 200 && due) {
      const reviewed = await send(
        'review',
        `/api/learning/recaps/${due.cardId}/review`,
        json(token, { rating: round % 3 === 0 ? 'hard' : 'good' }),
      );
      if (reviewed.status === 200)
        acknowledged.reviews.set(due.cardId, (acknowledged.reviews.get(due.cardId) ?? 0) + 1);
    }

    if (round % 3 === 2) await uploadMaterial(send, token, concept, round, pdf);
  }
}

async function uploadMaterial(
  send: Send,
  token: string,
  concept: string,
  round: number,
  pdf: Uint8Array,
) {
  let init: RequestInit;
  if (round % 2 === 0) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'notes.pdf');
    init = { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form };
  } else {
    const text = `${concept} notes. `.repeat(150);
    init = json(token, { title: `${concept} notes`, text });
  }
  const res = await send('material', '/api/materials', init);
  if (res.status === 200)
    acknowledged.materials.add((res.body as { materialId: string }).materialId);
}

/** Recaps fall due as time passes; the soak moves every card's due date to now instead. */
function dueEverySecond(sql: PgClient) {
  const timer = setInterval(() => {
    void sql
      .query('update recap_cards set due_at = $1 where due_at > $1', [
        new Date(Date.now() - 60_000).toISOString(),
      ])
      .catch(() => undefined);
  }, 1000);
  return () => clearInterval(timer);
}

async function countPresent(sql: PgClient) {
  const count = async (query: string, ids: string[]) =>
    Number((await sql.query<{ n: string }>(query, [ids])).rows[0]?.n ?? 0);
  const reviewRows = await sql.query<{ card_id: string; n: string }>(
    'select card_id, count(*) as n from recap_reviews where card_id = any($1) group by card_id',
    [[...acknowledged.reviews.keys()]],
  );
  const rows = new Map(reviewRows.rows.map((r) => [r.card_id, Number(r.n)]));
  let reviewsFound = 0;
  for (const [card, n] of acknowledged.reviews) reviewsFound += Math.min(n, rows.get(card) ?? 0);
  return [
    [
      'explanations',
      acknowledged.explanations.size,
      await count('select count(*) as n from explanations where id = any($1)', [
        ...acknowledged.explanations,
      ]),
    ],
    [
      'follow-ups',
      acknowledged.followUps.size,
      await count('select count(*) as n from follow_ups where id = any($1)', [
        ...acknowledged.followUps,
      ]),
    ],
    [
      'quiz answers',
      acknowledged.quizAnswers.size,
      await count(
        "select count(*) as n from quiz_answers where attempt_id || ':' || question_id = any($1)",
        [...acknowledged.quizAnswers],
      ),
    ],
    ['reviews', [...acknowledged.reviews.values()].reduce((a, b) => a + b, 0), reviewsFound],
    [
      'materials',
      acknowledged.materials.size,
      await count('select count(*) as n from materials where id = any($1)', [
        ...acknowledged.materials,
      ]),
    ],
  ] as const;
}

async function makeEnterprise(databaseUrl: string, usernames: string[]) {
  const database = openDatabase({ url: databaseUrl, dataDir: '.' });
  try {
    const usage = createUsageService({ db: database.db, clock: systemClock });
    for (const username of usernames) {
      const user = await database.db
        .selectFrom('users')
        .select('id')
        .where('username_key', '=', username.toLowerCase())
        .executeTakeFirstOrThrow();
      await database.db.transaction().execute((tx) => usage.startPlan(tx, user.id, 'enterprise'));
    }
  } finally {
    await database.close();
  }
}

const progress = (line: string) => process.stderr.write(`soak: ${line}\n`);

/** SIGTERM, then SIGKILL if the instance is still there after 15 s. */
async function stopHard(server: Started) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const force = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
  await server.stop();
  clearTimeout(force);
}

async function soak(env: { DATABASE_URL: string }) {
  const redis = await startOwnRedis();
  const serverEnv = {
    ...env,
    REDIS_URL: redis.url,
    REDIS_KEY_PREFIX: 'soak:',
    RATE_LIMIT_SCALE: '1000',
    JWT_SECRET: 'soak-bench-jwt-secret-of-at-least-32-characters',
    ALTCHA_HMAC_KEY: 'soak-bench-altcha-key-of-at-least-32-characters',
  };
  const start = async (offset: number) => {
    const began = Date.now();
    const server = await startServer(
      'apps/server/dist/main.js',
      port + offset,
      serverEnv,
      [],
      120_000,
    );
    progress(`instance on ${port + offset} healthy after ${Date.now() - began} ms`);
    return server;
  };
  const instances = { A: await start(0), B: await start(1) };
  const sql = new pg.Client({ connectionString: env.DATABASE_URL });
  await sql.connect();
  const events: string[] = [];
  const event = (line: string) => {
    events.push(line);
    progress(line);
  };
  let redisAway: [number, number] = [0, 0];
  try {
    const stamp = Date.now().toString(36);
    const usernames = Array.from({ length: USERS }, (_, i) => `soak${stamp}${i}`);
    const tokens: string[] = [];
    for (const name of usernames) tokens.push(await signUp(instances.A, name));
    await makeEnterprise(env.DATABASE_URL, usernames);
    const pdf = await onePagePdf();
    const send = balancer(instances);
    const stopDue = dueEverySecond(sql);

    progress(`${USERS} learners, ${PHASES.length} phases of ${PHASE_MS / 1000} s`);
    soakStart = Date.now();
    const until = soakStart + PHASES.length * PHASE_MS;
    const load = Promise.all(tokens.map((token, i) => learner(send, token, i, until, pdf)));
    const at = (phase: number, ms: number) =>
      new Promise((r) => setTimeout(r, soakStart + phase * PHASE_MS + ms - Date.now()));

    await at(1, 5000);
    const killedAt = Date.now();
    const killed = instances.B.child;
    const exited = new Promise((r) => killed.once('exit', r));
    killed.kill('SIGKILL');
    await exited;
    instances.B = await start(1);
    event(
      `instance B killed (SIGKILL) and started again: healthy after ${Date.now() - killedAt} ms`,
    );

    await at(2, 5000);
    const stoppedAt = Date.now();
    await redis.stop();
    await new Promise((r) => setTimeout(r, REDIS_AWAY_MS));
    await redis.start();
    redisAway = [stoppedAt, Date.now()];
    event(`Redis killed and started again (empty) after ${redisAway[1] - redisAway[0]} ms`);

    await load;
    stopDue();
    // Everything acknowledged, counted once both instances have written what they answered.
    const present = await countPresent(sql);
    report(events, redisAway, present);
  } finally {
    await sql.end();
    await stopHard(instances.A);
    await stopHard(instances.B);
    await redis.stop();
  }
}

const p = (values: number[], q: number) =>
  percentile(
    [...values].sort((a, b) => a - b),
    q,
  );

function report(
  events: string[],
  redisAway: [number, number],
  present: Awaited<ReturnType<typeof countPresent>>,
) {
  const calmP99 = { A: 0, B: 0 };
  const rows: (string | number)[][] = [
    ['phase', 'inst', 'answers', '2xx', '4xx', '5xx', 'cut', 'p50 ms', 'p99 ms', 'p99/calm'],
  ];
  for (const phase of PHASES) {
    for (const instance of ['A', 'B'] as const) {
      const mine = answers.filter((a) => a.phase === phase && a.instance === instance);
      const answered = mine.filter((a) => !a.failure);
      const times = answered.map((a) => a.ms);
      const p99 = p(times, 99);
      if (phase === 'calm') calmP99[instance] = p99;
      rows.push([
        phase,
        instance,
        mine.length,
        answered.filter((a) => a.status < 300).length,
        answered.filter((a) => a.status >= 400 && a.status < 500).length,
        answered.filter((a) => a.status >= 500).length,
        mine.length - answered.length,
        p(times, 50),
        p99,
        calmP99[instance] ? `${(p99 / calmP99[instance]).toFixed(2)}×` : '-',
      ]);
    }
  }
  print(
    `\nSoak: 2 instances, PostgreSQL + Redis, ${USERS} learners, ${PHASE_MS / 1000} s per phase`,
  );
  printRows(rows, 17, 9);
  print(
    'cut: no answer (connection cut by the kill, or a timeout); refused connections went to the other instance',
  );
  for (const event of events) print(`- ${event}`);
  print(`- requests sent to the other instance after a refused connection: ${rerouted}`);

  const fives = answers.filter((a) => a.status >= 500);
  if (fives.length > 0) {
    const byKind = new Map<string, number>();
    for (const a of fives)
      byKind.set(
        `${a.instance} ${a.kind} ${a.status}`,
        (byKind.get(`${a.instance} ${a.kind} ${a.status}`) ?? 0) + 1,
      );
    print(
      `- 5xx by instance, request and status: ${[...byKind].map(([k, n]) => `${k} ×${n}`).join(', ')}`,
    );
  }
  const cut = answers.filter((a) => a.failure);
  if (cut.length > 0)
    print(
      `- without an answer: ${cut.map((a) => `${a.instance} ${a.kind} (${a.failure}) at +${((a.startedAt - soakStart) / 1000).toFixed(1)} s`).join(', ')}`,
    );

  const away = answers.filter((a) => a.startedAt >= redisAway[0] && a.startedAt <= redisAway[1]);
  const awayTimes = away.filter((a) => !a.failure).map((a) => a.ms);
  print(
    `\nWhile Redis was away (${((redisAway[1] - redisAway[0]) / 1000).toFixed(1)} s): ${away.length} requests, ` +
      `${away.filter((a) => a.status >= 200 && a.status < 300).length} 2xx, ` +
      `${away.filter((a) => a.status >= 400 && a.status < 500).length} 4xx, ` +
      `${away.filter((a) => a.status >= 500).length} 5xx (${away.filter((a) => a.status === 503).length} 503), ` +
      `${away.filter((a) => a.failure).length} without an answer; p50 ${p(awayTimes, 50)} ms, p99 ${p(awayTimes, 99)} ms`,
  );

  print('\nAcknowledged writes found in the database afterwards');
  printRows([['write', 'acknowledged', 'found'], ...present.map(([k, a, f]) => [k, a, f])], 17, 14);
}

await onFreshPostgres(soak);
