/**
 * A learner's export (issue 34, DESIGN.md §14) on SQLite and on PostgreSQL: GET /api/me/export
 * of a learner with 1,000 explanations, each with two follow-ups and every other one with a
 * quiz answered, timed to its last byte, with the server's RSS sampled every 5 ms while it
 * streams (and its kernel-kept peak, reset just before). Goals: ≤ 5 s, ≤ +50 MB over the RSS
 * before it. The explanations share the answer texts of a few real offline explanations (with
 * their sources and quiz questions) and are written straight into the database, as are their
 * follow-ups and quiz answers. The first export reads a cold server; a second one follows.
 * Needs a build (npm run build). Run: npm run bench:export (BENCH_PORT moves the servers;
 * BENCH_DATABASE_URL the PostgreSQL server used: a throwaway database is made there and dropped;
 * CPU_PROF_DIR=… profiles the servers, then: npx tsx bench/profile-summary.ts <file>)
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Insertable, Kysely } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.ts';
import type { DB } from '../apps/server/src/db/types.ts';
import {
  basePort,
  cpuMs,
  onBothDatabases,
  print,
  printRows,
  type Started,
  signUp,
  startServer,
} from './lib.ts';

const EXPLANATIONS = 1_000;
const FOLLOW_UPS_EACH = 2;
const port = basePort(3361);
const TOPICS = ['gravity', 'photosynthesis', 'volcano', 'democracy', 'enzyme', 'osmosis'];
const DAY = 24 * 60 * 60 * 1000;
const GOAL_SECONDS = 5;
const GOAL_MB = 50;
// CPU_PROF_DIR=dir: the servers write V8 profiles there on exit (bench/profile-summary.ts reads them).
const profileDir = process.env.CPU_PROF_DIR;

/** VmRSS and VmHWM (the peak since the last reset) of a process, in KiB. */
function memoryKb(pid: number | undefined): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

/** Sets the process's VmHWM back to its RSS now (proc(5), clear_refs "5"). */
function resetPeak(pid: number | undefined): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A few real offline explanations and their quizzes: the answer texts the seeded rows share. */
async function explainTopics(server: Started, token: string): Promise<number> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  let quizzes = 0;
  for (const query of TOPICS) {
    const res = await fetch(`${server.url}/api/ai/aiResponseGoogle`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query, provider: 'offline' }),
    });
    if (!res.ok) throw new Error(`explaining ${query} failed: ${res.status} ${await res.text()}`);
    const { explanationId } = (await res.json()) as { explanationId: string };
    // The offline dictionary makes a quiz where WordNet allows; where not, it answers 422.
    const quiz = await fetch(`${server.url}/api/ai/quiz`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ explanationId }),
    });
    if (quiz.ok) quizzes++;
    else await quiz.arrayBuffer();
  }
  return quizzes;
}

interface QuizQuestion {
  questionId: string;
  correctChoice: number;
}

/** 1,000 explanations of distinct concepts over the past year, with follow-ups and quizzes. */
async function seed(
  db: Kysely<DB>,
  userId: string,
): Promise<{ followUps: number; quizzed: number }> {
  const answers = await db
    .selectFrom('explanations')
    .select('answer_id')
    .distinct()
    .where('user_id', '=', userId)
    .execute();
  const quizSets = new Map(
    (
      await db
        .selectFrom('quiz_sets')
        .select(['answer_id', 'questions_json'])
        .where(
          'answer_id',
          'in',
          answers.map((a) => a.answer_id),
        )
        .execute()
    ).map((q) => [q.answer_id, JSON.parse(q.questions_json) as QuizQuestion[]]),
  );
  const now = Date.now();
  const followUpAnswer = (i: number, n: number) =>
    `Follow-up ${n + 1} on concept ${i}: ${'A worked example in plain words, step by step. '.repeat(12)}`;
  let followUps = 0;
  let quizzed = 0;
  const BATCH = 100;
  const seeded = EXPLANATIONS - TOPICS.length;
  for (let start = 0; start < seeded; start += BATCH) {
    const explanations: Insertable<DB['explanations']>[] = [];
    const follows: Insertable<DB['follow_ups']>[] = [];
    const attempts: Insertable<DB['quiz_attempts']>[] = [];
    const quizAnswers: Insertable<DB['quiz_answers']>[] = [];
    for (let i = start; i < Math.min(start + BATCH, seeded); i++) {
      const name = `concept ${String(i).padStart(4, '0')}`;
      const at = now - 2 * DAY - (i % 360) * DAY - i * 1000;
      const answerId = answers[i % answers.length]?.answer_id as string;
      const id = randomUUID();
      explanations.push({
        id,
        user_id: userId,
        concept_name: name,
        query_key: name,
        template: 'default',
        difficulty: 'beginner',
        provider: 'offline',
        answer_id: answerId,
        language: 'en',
        material_id: null,
        material_title: null,
        created_at: iso(at),
      });
      for (let n = 0; n < FOLLOW_UPS_EACH; n++) {
        follows.push({
          id: randomUUID(),
          explanation_id: id,
          question_key: `why ${n} ${name}`,
          question: `Why does ${name} matter (${n + 1})?`,
          answer: followUpAnswer(i, n),
          created_at: iso(at + (n + 1) * 60_000),
        });
      }
      const questions = quizSets.get(answerId);
      if (questions && i % 2 === 0) {
        const attemptId = randomUUID();
        attempts.push({
          id: attemptId,
          explanation_id: id,
          user_id: userId,
          answer_id: answerId,
          created_at: iso(at + 5 * 60_000),
        });
        questions.forEach((q, k) => {
          const correct = (i + k) % 3 !== 0;
          quizAnswers.push({
            attempt_id: attemptId,
            question_id: q.questionId,
            choice: correct ? q.correctChoice : (q.correctChoice + 1) % 4,
            correct: correct ? 1 : 0,
            created_at: iso(at + 6 * 60_000 + k * 1000),
          });
        });
        quizzed++;
      }
    }
    await db.insertInto('explanations').values(explanations).execute();
    await db.insertInto('follow_ups').values(follows).execute();
    if (attempts.length) await db.insertInto('quiz_attempts').values(attempts).execute();
    if (quizAnswers.length) await db.insertInto('quiz_answers').values(quizAnswers).execute();
    followUps += follows.length;
  }
  return { followUps, quizzed };
}

interface Run {
  seconds: number;
  /** The server's CPU time (user + system) over the export: what the machine's other load does not change much. */
  cpuSeconds: number;
  bytes: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  entries: number;
}

/** One export, read as fast as it comes, with the server's memory watched meanwhile. */
async function timedExport(server: Started, token: string): Promise<Run> {
  const pid = server.child.pid;
  const before = memoryKb(pid).rss;
  const peakResettable = resetPeak(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryKb(pid).rss);
  }, 5);
  const cpuBefore = cpuMs(pid);
  const started = performance.now();
  let bytes = 0;
  const tail: Buffer[] = [];
  try {
    const res = await fetch(`${server.url}/api/me/export`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok || !res.body) throw new Error(`export failed: ${res.status} ${await res.text()}`);
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      tail.push(Buffer.from(chunk));
      if (tail.length > 4) tail.shift();
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  const cpuSeconds = (cpuMs(pid) - cpuBefore) / 1000;
  const after = memoryKb(pid);
  if (peakResettable) peak = Math.max(peak, after.hwm);
  // The zip's end record names how many entries it holds.
  const end = Buffer.concat(tail);
  const at = end.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const entries = at >= 0 ? end.readUInt16LE(at + 10) : -1;
  return {
    seconds,
    cpuSeconds,
    bytes,
    rssBeforeMb: before / 1024,
    rssPeakMb: peak / 1024,
    entries,
  };
}

async function exportBench(env: Record<string, string>, offset: number) {
  const server = await startServer(
    'apps/server/dist/main.js',
    port + offset,
    { RATE_LIMIT_SCALE: '100000', ...env },
    profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  );
  const database = openDatabase({ url: env.DATABASE_URL, dataDir: server.dataDir });
  try {
    const username = `exp${Date.now().toString(36)}`;
    const token = await signUp(server, username);
    const quizzes = await explainTopics(server, token);
    const { id: userId } = await database.db
      .selectFrom('users')
      .select('id')
      .where('username_key', '=', username)
      .executeTakeFirstOrThrow();
    const seedStarted = performance.now();
    const seeded = await seed(database.db, userId);
    const seedMs = Math.round(performance.now() - seedStarted);
    // Let the sign-up's and seeding's garbage settle before the baseline is read.
    await new Promise((r) => setTimeout(r, 2000));
    const cold = await timedExport(server, token);
    const warm = await timedExport(server, token);
    return { cold, warm, seedMs, quizzes, ...seeded };
  } finally {
    await database.close();
    await server.stop();
  }
}

const results = await onBothDatabases(exportBench);

const mb = (n: number) => n.toFixed(1);
printRows(
  [
    ['database / run', 'seconds', 'CPU s', 'bytes', 'entries', 'RSS MB', 'peak MB', '+MB'],
    ...results.flatMap(([db, f]) =>
      (['cold', 'warm'] as const).map((which) => {
        const r = f[which];
        return [
          `${db}: export, ${which}`,
          r.seconds.toFixed(2),
          r.cpuSeconds.toFixed(2),
          r.bytes,
          r.entries,
          mb(r.rssBeforeMb),
          mb(r.rssPeakMb),
          `+${mb(r.rssPeakMb - r.rssBeforeMb)}`,
        ];
      }),
    ),
  ],
  30,
  11,
);
for (const [db, f] of results) {
  print(
    `${db}: ${EXPLANATIONS} explanations (${f.followUps} follow-ups, ${f.quizzed} quizzes answered; ${f.quizzes} of ${TOPICS.length} answer texts have a quiz), seeded in ${f.seedMs} ms`,
  );
}
const worst = results.flatMap(([, f]) => [f.cold, f.warm]);
const slowest = Math.max(...worst.map((r) => r.seconds));
const most = Math.max(...worst.map((r) => r.rssPeakMb - r.rssBeforeMb));
print(
  `goal: ≤ ${GOAL_SECONDS} s and ≤ +${GOAL_MB} MB: slowest ${slowest.toFixed(2)} s, most +${mb(most)} MB — ${slowest <= GOAL_SECONDS && most <= GOAL_MB ? 'met' : 'MISSED'}`,
);
