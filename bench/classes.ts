/**
 * Classes (issue 27) on SQLite and on PostgreSQL: the teacher's view of a class of 200 members
 * with an assignment of 30 concepts (GET /api/classes/{classId}; goal p99 ≤ 50 ms), beside a
 * bare Fastify in the same run. Members' explanations, recap cards and quiz answers are written
 * straight into the database (about half the cells explained, a third with a card, a quarter
 * quizzed). The number of queries one view makes is counted in this process, with the server's
 * own service on the same database, for that class and for a class of 2 members × 3 concepts:
 * it must not grow with the class. Needs a build (npm run build). Run: npm run bench:classes
 * (BENCH_PORT moves the servers; BENCH_DATABASE_URL the PostgreSQL server used)
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, KyselyPlugin } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.ts';
import type { DB } from '../apps/server/src/db/types.ts';
import { createClassesService } from '../apps/server/src/features/classes/classes.service.ts';
import { createProgressReader } from '../apps/server/src/features/learning/progress.ts';
import {
  basePort,
  helloWorldFloor,
  LOAD_HEADER,
  type LoadFigures,
  load,
  loadRow,
  onBothDatabases,
  printRows,
  type Started,
  signUp,
  startServer,
} from './lib.ts';

const MEMBERS = 200;
const CONCEPTS = 30;
const port = basePort(3341);
const DAY = 24 * 60 * 60 * 1000;

interface Figures {
  get1: LoadFigures;
  get10: LoadFigures;
  bytes: number;
  queriesBig: number;
  queriesSmall: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A class of `members` with one assignment of `concepts`, and the members' learning. */
async function seedClass(
  db: Kysely<DB>,
  teacherId: string,
  answerId: string,
  members: number,
  concepts: number,
): Promise<string> {
  const now = Date.now();
  const classId = randomUUID();
  await db
    .insertInto('classes')
    .values({
      id: classId,
      teacher_id: teacherId,
      name: `Bench ${members}×${concepts}`,
      join_code: randomUUID().slice(0, 8).toUpperCase(),
      created_at: iso(now),
    })
    .execute();
  const assignmentId = randomUUID();
  const names = Array.from({ length: concepts }, (_, i) => `bench concept ${i}`);
  await db
    .insertInto('assignments')
    .values({
      id: assignmentId,
      class_id: classId,
      title: 'Week 1',
      due_at: null,
      created_at: iso(now),
    })
    .execute();
  await db
    .insertInto('assignment_concepts')
    .values(
      names.map((concept, position) => ({
        assignment_id: assignmentId,
        class_id: classId,
        position,
        concept,
        concept_key: concept,
      })),
    )
    .execute();
  for (let m = 0; m < members; m++) {
    const userId = randomUUID();
    const name = `m${m}${classId.slice(0, 6)}`;
    await db
      .insertInto('users')
      .values({
        id: userId,
        username: name,
        username_key: name,
        email: `${name}@example.com`,
        email_key: `${name}@example.com`,
        mobile: '9876543210',
        full_name: `Member ${m} Bench`,
        avatar: null,
        plan: 'free',
        pin_hash: 'x',
        email_verified_at: iso(now),
        created_at: iso(now),
      })
      .execute();
    await db
      .insertInto('class_members')
      .values({ class_id: classId, user_id: userId, joined_at: iso(now + m) })
      .execute();
    const explained = names.filter((_, c) => (c + m) % 2 === 0);
    if (explained.length === 0) continue;
    const explanations = explained.map((concept, c) => ({
      id: randomUUID(),
      user_id: userId,
      concept_name: concept,
      query_key: concept,
      template: 'default',
      difficulty: 'beginner',
      provider: 'offline',
      answer_id: answerId,
      language: 'en',
      created_at: iso(now - (c % 9) * DAY),
    }));
    await db.insertInto('explanations').values(explanations).execute();
    const carded = explanations.filter((_, c) => c % 3 === 0);
    if (carded.length > 0) {
      await db
        .insertInto('recap_cards')
        .values(
          carded.map((e, c) => ({
            id: randomUUID(),
            user_id: userId,
            concept_key: e.query_key,
            query: e.concept_name,
            explanation_id: e.id,
            answer_id: answerId,
            explained_at: e.created_at,
            takeaway: 'bench',
            due_at: iso(now + (c % 2 === 0 ? DAY : -DAY)),
            fsrs_json: '{}',
            known_at: c % 4 === 0 ? iso(now) : null,
            created_at: iso(now),
            updated_at: iso(now),
          })),
        )
        .execute();
    }
    for (const e of explanations.filter((_, c) => c % 4 === 1)) {
      const attemptId = randomUUID();
      await db
        .insertInto('quiz_attempts')
        .values({
          id: attemptId,
          explanation_id: e.id,
          user_id: userId,
          answer_id: answerId,
          created_at: iso(now),
        })
        .execute();
      await db
        .insertInto('quiz_answers')
        .values(
          [1, 2, 3].map((q) => ({
            attempt_id: attemptId,
            question_id: `q${q}`,
            choice: q % 2,
            correct: q % 2,
            created_at: iso(now),
          })),
        )
        .execute();
    }
  }
  return classId;
}

/** Counts the queries Kysely sends while `work` runs. */
function counting(db: Kysely<DB>) {
  let queries = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      queries++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: db.withPlugin(plugin), count: () => queries };
}

async function queriesOfView(db: Kysely<DB>, teacherId: string, classId: string) {
  const counted = counting(db);
  const clock = { now: () => new Date() };
  const classes = createClassesService({
    db: counted.db,
    clock,
    progress: createProgressReader({ db: counted.db, clock }),
    guesses: { take: async () => async () => undefined },
  });
  const view = await classes.view(teacherId, classId);
  if (view.members.length === 0) throw new Error('the view saw no members');
  return counted.count();
}

async function classesBench(env: Record<string, string>, offset: number): Promise<Figures> {
  const server: Started = await startServer('apps/server/dist/main.js', port + offset, {
    RATE_LIMIT_SCALE: '100000',
    ...env,
  });
  const database = openDatabase({ url: env.DATABASE_URL, dataDir: server.dataDir });
  try {
    const username = `teach${Date.now().toString(36)}`;
    const token = await signUp(server, username);
    const headers = { authorization: `Bearer ${token}` };
    // One real offline explanation gives the members' explanations a real answer text.
    const explained = await fetch(`${server.url}/api/ai/aiResponseGoogle`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'gravity', provider: 'offline' }),
    });
    if (!explained.ok) throw new Error(`explaining failed: ${explained.status}`);
    const db = database.db;
    const teacher = await db
      .selectFrom('users')
      .select('id')
      .where('username_key', '=', username)
      .executeTakeFirstOrThrow();
    const { answer_id: answerId } = await db
      .selectFrom('explanations')
      .select('answer_id')
      .where('user_id', '=', teacher.id)
      .executeTakeFirstOrThrow();
    const big = await seedClass(db, teacher.id, answerId, MEMBERS, CONCEPTS);
    const small = await seedClass(db, teacher.id, answerId, 2, 3);

    const url = `${server.url}/api/classes/${big}`;
    const first = await fetch(url, { headers });
    if (!first.ok) throw new Error(`GET failed: ${first.status} ${await first.text()}`);
    const body = await first.text();
    const get1 = await load({ url, headers, connections: 1 });
    const get10 = await load({ url, headers, connections: 10 });
    return {
      get1,
      get10,
      bytes: body.length,
      queriesBig: await queriesOfView(db, teacher.id, big),
      queriesSmall: await queriesOfView(db, teacher.id, small),
    };
  } finally {
    await database.close();
    await server.stop();
  }
}

const results = await onBothDatabases(classesBench);
const floor = await helloWorldFloor(port + 2);

printRows([
  LOAD_HEADER,
  ...results.flatMap(([db, f]) => [
    loadRow(`${db}: class view, 1 conn`, f.get1),
    loadRow(`${db}: class view, 10 conn`, f.get10),
  ]),
  loadRow('hello-world, 1 conn (floor)', floor),
]);
for (const [db, f] of results) {
  process.stdout.write(
    `${db}: ${MEMBERS} members × ${CONCEPTS} concepts, ${f.bytes} bytes; queries per view: ${f.queriesBig} (2 members × 3 concepts: ${f.queriesSmall})\n`,
  );
}
process.stdout.write(
  'goal: p99 of GET /api/classes/{classId} ≤ 50 ms (1 connection); the same number of queries at any size\n',
);
