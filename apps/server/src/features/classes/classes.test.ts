import {
  CLASS_MESSAGES,
  type ClassView,
  JOIN_CODE_ALPHABET,
  JOIN_CODE_LENGTH,
  PROGRESS_CSV_COLUMNS,
  progressAt,
} from '@grasp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress, signedInUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { fakeProvider } from '../../test/fake-provider.ts';
import { manualClock } from '../../test/manual-clock.ts';
import { createUsageService } from '../billing/usage.service.ts';

const DAY = 24 * 60 * 60 * 1000;
const codePattern = new RegExp(`^[${JOIN_CODE_ALPHABET}]{${JOIN_CODE_LENGTH}}$`);

describe.each(TEST_DATABASES)('classes on %s', (kind) => {
  let t: TestApp;
  const clock = manualClock(new Date().toISOString());
  const fake = fakeProvider('remote-openai');
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let classId: string;
  let joinCode: string;
  let assignmentId: string;
  let otherClassId: string;

  type Method = 'GET' | 'POST' | 'DELETE';
  const call = (who: string | null, method: Method, url: string, body?: object, ip?: string) =>
    t.app.inject({
      method,
      url,
      headers: who ? { authorization: `Bearer ${tokens[who]}` } : {},
      ...(body ? { payload: body } : {}),
      ...(ip ? { remoteAddress: ip } : {}),
    });
  const explain = (who: string, query: string, difficulty = 'beginner') =>
    call(who, 'POST', '/api/ai/aiResponseGoogle', {
      query,
      difficulty,
      provider: 'remote-openai',
    });
  const unitsUsed = async (who: string) =>
    (
      await t.database.db
        .selectFrom('usage_cycles')
        .select('units_used')
        .where('user_id', '=', ids[who] ?? '')
        .orderBy('starts_at', 'desc')
        .executeTakeFirstOrThrow()
    ).units_used;
  const view = async (who: string) =>
    (await call(who, 'GET', `/api/classes/${classId}`)).json<ClassView>();

  /** Signs in again after the plan changed, as the user would see it on their next session. */
  async function signUp(name: string, fullName: string, plan?: 'enterprise' | 'pro') {
    const first = await signedInUser(t.app, t.database.db, name, '1234', {
      fullName,
      email: `${name.toLowerCase()}.private@example.com`,
      mobile: '9123456780',
    });
    ids[name] = first.user.id;
    tokens[name] = first.token;
    if (!plan) return;
    const usage = createUsageService({ db: t.database.db, clock });
    await t.database.db.transaction().execute((tx) => usage.startPlan(tx, first.user.id, plan));
    await signIn(name);
  }
  async function signIn(name: string) {
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: name, password: '1234' },
      remoteAddress: nextAddress(),
    });
    tokens[name] = again.json<{ token: string }>().token;
  }

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      providers: [fakeProvider('offline').provider, fake.provider],
      clock,
      env: { PUBLIC_URL: 'https://grasp.example', SANDBOX_PAYMENTS: 'allow' },
    });
    await signUp('Teacher', 'Tara Menon', 'enterprise');
    await signUp('Other', 'Omar Teacher', 'enterprise');
    await signUp('Prof', 'Priya Pro', 'pro');
    await signUp('Asha', 'Asha Raghunathan');
    await signUp('Bob', 'Bob Dsouza');
    await signUp('Olga', 'Olga Outsider');
  });
  afterAll(() => t?.close());

  it('lets only Enterprise start a class, with a name of 1–120 characters', async () => {
    for (const who of ['Asha', 'Prof']) {
      const refused = await call(who, 'POST', '/api/classes', { name: 'Physics' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'PLAN_REQUIRED',
        message: CLASS_MESSAGES.planRequired,
      });
    }
    for (const name of ['', '   ', 'x'.repeat(121)]) {
      expect((await call('Teacher', 'POST', '/api/classes', { name })).statusCode).toBe(400);
    }
    const made = await call('Teacher', 'POST', '/api/classes', { name: 'x'.repeat(120) });
    expect(made.statusCode).toBe(200);
    const res = await call('Teacher', 'POST', '/api/classes', { name: 'Class 9 B: Physics' });
    expect(res.statusCode).toBe(200);
    ({ classId, joinCode } = res.json());
    expect(joinCode).toMatch(codePattern);
    expect(made.json().joinCode).not.toBe(joinCode);
    otherClassId = (await call('Other', 'POST', '/api/classes', { name: 'Chemistry' })).json()
      .classId;
    expect((await call(null, 'GET', '/api/classes')).statusCode).toBe(401);
  });

  it('joins members by code, idempotently, and lists each class with the caller’s role', async () => {
    const first = await call('Asha', 'POST', '/api/classes/join', {
      joinCode: ` ${joinCode.toLowerCase()} `,
    });
    expect(first.json()).toEqual({ classId, name: 'Class 9 B: Physics', alreadyMember: false });
    const again = await call('Asha', 'POST', '/api/classes/join', { joinCode });
    expect(again.json()).toMatchObject({ classId, alreadyMember: true });
    await call('Bob', 'POST', '/api/classes/join', { joinCode });
    const teacher = (await call('Teacher', 'GET', '/api/classes')).json().classes;
    expect(teacher.find((c: { classId: string }) => c.classId === classId)).toMatchObject({
      role: 'teacher',
      joinCode,
      memberCount: 2,
    });
    const member = (await call('Asha', 'GET', '/api/classes')).json().classes;
    expect(member).toHaveLength(1);
    expect(member[0]).toMatchObject({ classId, role: 'member', memberCount: 2 });
    expect(member[0].joinCode).toBeUndefined();
    expect((await call('Olga', 'GET', '/api/classes')).json().classes).toEqual([]);
  });

  it('takes assignments of 1–30 concepts not due in the past, from the teacher only', async () => {
    const url = `/api/classes/${classId}/assignments`;
    const concepts = (n: number) => Array.from({ length: n }, (_, i) => `Concept ${i}`);
    for (const body of [
      { title: 'Week 1', concepts: [] },
      { title: 'Week 1', concepts: concepts(31) },
      { title: '', concepts: ['Gravity'] },
      {
        title: 'Week 1',
        concepts: ['Gravity'],
        dueAt: new Date(clock.now().getTime() - DAY).toISOString(),
      },
    ]) {
      expect((await call('Teacher', 'POST', url, body)).statusCode).toBe(400);
    }
    const ok = { title: 'Forces', concepts: ['Gravity', 'Friction', 'Inertia', 'gravity '] };
    for (const who of ['Asha', 'Olga', 'Other']) {
      expect((await call(who, 'POST', url, ok)).statusCode).toBe(404);
    }
    expect(
      (await call('Teacher', 'POST', url, { title: 'All', concepts: concepts(30) })).statusCode,
    ).toBe(200);
    const dueAt = new Date(clock.now().getTime() + 7 * DAY).toISOString();
    const res = await call('Teacher', 'POST', url, { ...ok, dueAt });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ concepts: ['Gravity', 'Friction', 'Inertia'], dueAt });
    assignmentId = res.json().assignmentId;
  });

  it('answers 404 for every class and member id the caller has no part in', async () => {
    const paths: [Method, string][] = [
      ['GET', `/api/classes/${otherClassId}`],
      ['GET', `/api/classes/${otherClassId}/progress.csv`],
      ['POST', `/api/classes/${otherClassId}/join-code`],
      ['POST', `/api/classes/${otherClassId}/leave`],
      ['DELETE', `/api/classes/${otherClassId}/members/${ids.Asha}`],
      ['GET', '/api/classes/no-such-class'],
    ];
    for (const [method, url] of paths) {
      const res = await call('Teacher', method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe(CLASS_MESSAGES.classNotFound);
    }
    for (const who of ['Olga', 'Other']) {
      expect((await call(who, 'GET', `/api/classes/${classId}`)).statusCode).toBe(404);
    }
    // A member is not the teacher: the teacher's part is as absent as another class.
    for (const [method, url] of [
      ['GET', `/api/classes/${classId}/progress.csv`],
      ['POST', `/api/classes/${classId}/join-code`],
      ['DELETE', `/api/classes/${classId}/members/${ids.Bob}`],
    ] as [Method, string][]) {
      expect((await call('Asha', method, url)).statusCode).toBe(404);
    }
    const notMember = await call(
      'Teacher',
      'DELETE',
      `/api/classes/${classId}/members/${ids.Olga}`,
    );
    expect(notMember.json().message).toBe(CLASS_MESSAGES.memberNotFound);
    expect((await call('Teacher', 'POST', `/api/classes/${classId}/leave`)).statusCode).toBe(404);
  });

  it('explains an assigned concept for no unit, once, under 20 concurrent requests', async () => {
    const before = await unitsUsed('Asha');
    const answers = await Promise.all(Array.from({ length: 20 }, () => explain('Asha', 'Gravity')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(await unitsUsed('Asha')).toBe(before);
    const claims = await t.database.db
      .selectFrom('class_claims')
      .selectAll()
      .where('user_id', '=', ids.Asha ?? '')
      .execute();
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({ class_id: classId, concept_key: 'gravity' });
    // Another way of asking is the member's own; so is a concept nobody assigned.
    expect((await explain('Asha', 'Gravity', 'advanced')).statusCode).toBe(200);
    expect((await explain('Asha', 'Magnetism')).statusCode).toBe(200);
    expect(await unitsUsed('Asha')).toBe(before + 2);
    // A model that fails gives a free fallback and the claim back: the next try is still free.
    fake.state.mode = 'fail';
    expect((await explain('Bob', 'Friction')).json().fallback).toBe(true);
    fake.state.mode = 'ok';
    const bobBefore = await unitsUsed('Bob');
    expect((await explain('Bob', 'Friction')).statusCode).toBe(200);
    expect(await unitsUsed('Bob')).toBe(bobBefore);
  });

  it('shows progress after explain, quiz and recap: all of it to the teacher, their own to a member', async () => {
    const gravity = (await explain('Asha', 'Gravity')).json().explanationId as string;
    const quiz = (await call('Asha', 'POST', '/api/ai/quiz', { explanationId: gravity })).json();
    for (const [i, q] of (quiz.questions as { questionId: string }[]).entries()) {
      const choice = i === 0 ? 0 : 1;
      await call('Asha', 'POST', `/api/ai/quiz/${quiz.quizId}/answers`, {
        questionId: q.questionId,
        choice,
      });
    }
    const total = quiz.questions.length as number;
    const grid = await view('Teacher');
    expect(grid.members.map((m) => [m.firstName, m.username])).toEqual([
      ['Asha', 'Asha'],
      ['Bob', 'Bob'],
    ]);
    const row = (v: ClassView, who: string) => {
      const cells = v.progress.find((p) => p.userId === ids[who])?.assignments[assignmentId];
      return [0, 1, 2].map((i) => progressAt(cells, i));
    };
    expect(grid.progress[0]?.assignments[assignmentId]).toEqual({
      statuses: ['explained', 'new', 'new'],
      quizzes: [[total - 1, total], null, null],
    });
    expect(row(grid, 'Bob')[1]).toEqual({ status: 'explained', quiz: null });
    const own = await view('Asha');
    expect(own.members.map((m) => m.username)).toEqual(['Asha']);
    expect(own.progress).toHaveLength(1);
    expect(own.joinCode).toBeUndefined();
    expect(JSON.stringify(grid)).not.toMatch(/private@example|9123456780|Raghunathan|Magnetism/);

    // A missed question rates the card "again" (due the next day); explained without a quiz, due a
    // few days later; a good review makes it known.
    clock.advance(4 * DAY);
    for (const name of Object.keys(tokens)) await signIn(name);
    expect(row(await view('Teacher'), 'Asha')[0]?.status).toBe('due');
    expect(row(await view('Teacher'), 'Bob')[1]?.status).toBe('due');
    const recaps = (await call('Asha', 'GET', '/api/learning/recaps')).json();
    const card = recaps.due.find((d: { query: string }) => d.query === 'Gravity');
    await call('Asha', 'POST', `/api/learning/recaps/${card.cardId}/review`, { rating: 'good' });
    expect(row(await view('Teacher'), 'Asha')[0]?.status).toBe('known');
    const mine = (await call('Asha', 'GET', '/api/classes/assignments')).json().assignments;
    expect(
      mine.find((a: { assignmentId: string }) => a.assignmentId === assignmentId),
    ).toMatchObject({
      className: 'Class 9 B: Physics',
      progress: [{ status: 'known' }, { status: 'new' }, { status: 'new' }],
    });
  });

  it('writes the grid as CSV with exactly its columns and no email or mobile', async () => {
    const res = await call('Teacher', 'GET', `/api/classes/${classId}/progress.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('Class-9-B-Physics-progress.csv');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(PROGRESS_CSV_COLUMNS.join(','));
    expect(lines[0]).toBe(
      'assignment,due_at,concept,username,first_name,status,quiz_correct,quiz_answered',
    );
    // 30 + 3 concepts, 2 members each.
    expect(lines).toHaveLength(1 + 33 * 2);
    expect(lines.filter((l) => l.startsWith('"Forces",'))[0]).toMatch(
      /^"Forces","[^"]+","Gravity","Asha","Asha","known",\d,\d$/,
    );
    expect(res.body).not.toMatch(/@|9123456780|Raghunathan|Dsouza|Magnetism/);
  });

  it('throttles join-code guessing per address, like wrong PINs', async () => {
    const ip = nextAddress();
    // Five accounts, each under its own allowance, share the address's.
    const guessers = ['Guess0', 'Guess1', 'Guess2', 'Guess3', 'Guess4'];
    for (const name of guessers) await signUp(name, `${name} Guesser`);
    for (let i = 0; i < 100; i++) {
      const who = guessers[i % guessers.length] ?? 'Olga';
      const res = await call(who, 'POST', '/api/classes/join', { joinCode: 'ZZZZ2222' }, ip);
      expect(res.statusCode).toBe(404);
    }
    const paused = await call('Olga', 'POST', '/api/classes/join', { joinCode }, ip);
    expect(paused.statusCode).toBe(429);
    expect(paused.json().message).toMatch(/Too many wrong join codes/);
    // Right codes give their place back: a class joining from one address is never stopped.
    const lab = nextAddress();
    for (const who of ['Olga', 'Olga', 'Bob']) {
      expect((await call(who, 'POST', '/api/classes/join', { joinCode }, lab)).statusCode).toBe(
        200,
      );
    }
    await call('Teacher', 'DELETE', `/api/classes/${classId}/members/${ids.Olga}`);
  });

  it('throttles join-code guessing per account, from any number of addresses', async () => {
    await signUp('Roamer', 'Roamer Many-Addresses');
    for (let i = 0; i < 20; i++) {
      const res = await call(
        'Roamer',
        'POST',
        '/api/classes/join',
        { joinCode: 'ZZZZ2222' },
        nextAddress(),
      );
      expect(res.statusCode).toBe(404);
    }
    const ip = nextAddress();
    const paused = await call('Roamer', 'POST', '/api/classes/join', { joinCode }, ip);
    expect(paused.statusCode).toBe(429);
    expect(paused.json().message).toMatch(/Too many wrong join codes from your account/);
    // The address itself is not held against anyone else.
    const other = await call('Olga', 'POST', '/api/classes/join', { joinCode: 'ZZZZ2222' }, ip);
    expect(other.statusCode).toBe(404);
  });

  it('rotates the code: a removed member’s old link is refused; a member can leave', async () => {
    const removed = await call('Teacher', 'DELETE', `/api/classes/${classId}/members/${ids.Bob}`);
    expect(removed.json()).toEqual({ success: true });
    expect((await call('Bob', 'GET', `/api/classes/${classId}`)).statusCode).toBe(404);
    const rotated = await call('Teacher', 'POST', `/api/classes/${classId}/join-code`);
    const fresh = rotated.json().joinCode as string;
    expect(fresh).toMatch(codePattern);
    expect(fresh).not.toBe(joinCode);
    const old = await call('Bob', 'POST', '/api/classes/join', { joinCode });
    expect(old.statusCode).toBe(404);
    expect(old.json().message).toBe(CLASS_MESSAGES.wrongJoinCode);
    expect((await view('Teacher')).members.map((m) => m.username)).toEqual(['Asha']);
    expect((await call('Asha', 'POST', `/api/classes/${classId}/leave`)).json()).toEqual({
      success: true,
    });
    expect((await call('Asha', 'GET', `/api/classes/${classId}`)).statusCode).toBe(404);
    expect((await view('Teacher')).members).toEqual([]);
  });
});
