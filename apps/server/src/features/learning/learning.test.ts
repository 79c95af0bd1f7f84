import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/ids.ts';
import { signedInUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { fakeProvider, sampleAnswer } from '../../test/fake-provider.ts';

describe.each(TEST_DATABASES)('the learning loop on %s', (kind) => {
  let t: TestApp;
  const fake = fakeProvider('remote-openai');
  const offline = fakeProvider('offline');
  let alice: string;
  let bob: string;
  let gravity: string;

  const call = (
    token: string,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    accept?: string,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, ...(accept ? { accept } : {}) },
      ...(payload ? { payload } : {}),
    });
  const explain = (token: string, query: string, provider = 'remote-openai') =>
    call(token, 'POST', '/api/ai/aiResponseGoogle', { query, provider });
  const units = async (token: string, name: string) =>
    (await call(token, 'GET', `/api/stats/units/${name}`)).json().available_units as number;
  const userIdOf = async (name: string) =>
    (
      await t.database.db
        .selectFrom('users')
        .select('id')
        .where('username_key', '=', name)
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      providers: [offline.provider, fake.provider],
      explainTimeoutMs: 300,
      env: { RATE_LIMIT_SCALE: '100' },
    });
    alice = (await signedInUser(t.app, t.database.db, 'Alice')).token;
    bob = (await signedInUser(t.app, t.database.db, 'Bob')).token;
    gravity = (await explain(alice, 'Gravity')).json().explanationId;
  });
  afterAll(() => t.close());
  beforeEach(() => {
    fake.state.mode = 'ok';
    fake.state.quiz = null;
    fake.state.delayMs = 0;
    offline.state.mode = 'ok';
  });

  describe('the explanation record', () => {
    it('answers with the caller’s record id and the suggested questions', async () => {
      const res = await explain(alice, 'Gravity');
      const body = res.json();
      expect(body.explanationId).toEqual(expect.any(String));
      expect(body.explanationId).not.toBe(gravity);
      expect(body.suggestedQuestions).toEqual([
        'What is the difference between Gravity and mass?',
        'Where do we see Gravity?',
      ]);
      expect(body.response).not.toContain('```questions');
    });

    it('returns the whole record to its owner, and 404 to anyone else', async () => {
      const res = await call(alice, 'GET', `/api/ai/explanations/${gravity}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        explanationId: gravity,
        query: 'Gravity',
        template: 'default',
        difficulty: 'beginner',
        language: 'en',
        provider: 'remote-openai',
        relatedConcepts: ['Mass', 'Energy'],
        suggestedQuestions: expect.arrayContaining(['Where do we see Gravity?']),
        graph: { nodes: expect.any(Array) },
        followUps: [],
      });
      expect(res.json().response).toContain('## Understanding Gravity (0-30 seconds)');
      for (const id of [gravity, 'no-such-id']) {
        const other = await call(bob, 'GET', `/api/ai/explanations/${id}`);
        expect(other.statusCode).toBe(404);
        expect(other.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      }
    });

    it('gives each receiver of a cached answer a record of their own', async () => {
      const res = await explain(bob, 'Gravity');
      expect(res.json().cached).toBe(true);
      const record = await call(bob, 'GET', `/api/ai/explanations/${res.json().explanationId}`);
      expect(record.json().graph.nodes).toHaveLength(2);
      expect(record.json().suggestedQuestions).toHaveLength(2);
    });
  });

  describe('follow-ups', () => {
    const ask = (token: string, question: string, explanationId = gravity, accept?: string) =>
      call(token, 'POST', '/api/ai/follow-up', { explanationId, question }, accept);

    it('answers from the explanation for one unit, and the same question again for free', async () => {
      const before = await units(alice, 'alice');
      const calls = fake.state.tutorCalls;
      const res = await ask(alice, 'Why do apples fall?');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        followUpId: expect.any(String),
        question: 'Why do apples fall?',
        answer: 'A short answer about Why do apples fall?, told plainly.',
      });
      expect(fake.state.lastTutor?.explanation.markdown).toContain('Understanding Gravity');
      expect(fake.state.lastTutor?.explanation.sections.map((s) => s.title)).toContain(
        'Key Principles',
      );
      expect(await units(alice, 'alice')).toBe(before - 1);
      const again = await ask(alice, '  why do APPLES fall ');
      expect(again.json().followUpId).toBe(res.json().followUpId);
      expect(fake.state.tutorCalls).toBe(calls + 1);
      expect(await units(alice, 'alice')).toBe(before - 1);
      const record = (await call(alice, 'GET', `/api/ai/explanations/${gravity}`)).json();
      expect(record.followUps).toEqual([res.json()]);
    });

    it('charges one of two identical follow-ups sent at the same moment, and answers both alike', async () => {
      const before = await units(alice, 'alice');
      fake.state.delayMs = 30;
      const [first, second] = await Promise.all([
        ask(alice, 'Does the Moon fall too?'),
        ask(alice, 'does the moon fall too'),
      ]);
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      expect(second.json().followUpId).toBe(first.json().followUpId);
      expect(second.json().answer).toBe(first.json().answer);
      expect(await units(alice, 'alice')).toBe(before - 1);
      const record = (await call(alice, 'GET', `/api/ai/explanations/${gravity}`)).json();
      const moon = record.followUps.filter((f: { question: string }) => /moon/i.test(f.question));
      expect(moon).toHaveLength(1);
    });

    it('streams Server-Sent Events: deltas, then done with the stored follow-up', async () => {
      const res = await ask(alice, 'Is gravity a force?', gravity, 'text/event-stream');
      expect(res.headers['content-type']).toContain('text/event-stream');
      const events = res.body.split('\n\n').filter(Boolean);
      expect(events[0]).toContain('event: delta');
      const done = events.find((e) => e.startsWith('event: done'));
      expect(JSON.parse(done?.split('data: ')[1] ?? '{}')).toMatchObject({
        question: 'Is gravity a force?',
      });
    });

    it('gives the unit back when the provider fails', async () => {
      const before = await units(alice, 'alice');
      fake.state.mode = 'fail';
      const res = await ask(alice, 'What is mass?');
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('PROVIDER_ERROR');
      expect(await units(alice, 'alice')).toBe(before);
    });

    it('refuses what the offline dictionary cannot answer with 422, taking no unit', async () => {
      const carol = (await signedInUser(t.app, t.database.db, 'Carol')).token;
      const id = (await explain(carol, 'Orbit', 'offline')).json().explanationId;
      const before = await units(carol, 'carol');
      offline.state.mode = 'needs-ai';
      const res = await ask(carol, 'Who discovered it?', id);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'NEEDS_AI_PROVIDER' });
      expect(res.json().message).toContain('OpenAI GPT');
      expect(await units(carol, 'carol')).toBe(before);
      offline.state.mode = 'ok';
      const asked = await call(carol, 'POST', '/api/ai/follow-up', {
        explanationId: id,
        question: 'Who discovered it?',
        provider: 'remote-openai',
      });
      expect(asked.statusCode).toBe(200);
    });

    it('answers 402 when no unit is left', async () => {
      const dora = (await signedInUser(t.app, t.database.db, 'Dora')).token;
      const id = (await explain(dora, 'Friction')).json().explanationId;
      await t.database.db
        .updateTable('usage_cycles')
        .set({ units_used: 99 })
        .where('user_id', '=', await userIdOf('dora'))
        .execute();
      const res = await ask(dora, 'Why does it heat things?', id);
      expect(res.statusCode).toBe(402);
      expect(res.json()).toMatchObject({ code: 'UNITS_EXHAUSTED' });
    });

    it('keeps follow-ups to the owner of the explanation', async () => {
      const res = await ask(bob, 'Why do apples fall?');
      expect(res.statusCode).toBe(404);
    });

    it('refuses an empty or over-long question, naming the field', async () => {
      expect((await ask(alice, '   ')).statusCode).toBe(400);
      const long = await ask(alice, 'x'.repeat(301));
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toContain('question');
    });
  });

  describe('quizzes', () => {
    const quizOf = (token: string, explanationId = gravity) =>
      call(token, 'POST', '/api/ai/quiz', { explanationId });
    const answer = (token: string, quizId: string, questionId: string, choice: number) =>
      call(token, 'POST', `/api/ai/quiz/${quizId}/answers`, { questionId, choice });

    it('makes a quiz once per answer, without the correct options, for no unit', async () => {
      const before = await units(alice, 'alice');
      const calls = fake.state.quizCalls;
      const res = await quizOf(alice);
      expect(res.statusCode).toBe(200);
      const quiz = res.json();
      expect(quiz.questions).toHaveLength(4);
      expect(quiz.questions[0]).toEqual({
        questionId: 'q1',
        section: 'Understanding Gravity',
        prompt: 'Question 1 on Understanding Gravity?',
        options: ['Wrong A', 'Right 1', 'Wrong B', 'Wrong C'],
      });
      expect(res.body).not.toContain('correctChoice');
      expect(res.body).not.toContain('Because');
      expect((await quizOf(alice)).json().quizId).toBe(quiz.quizId);
      // Bob received the same cached answer: his own quiz, the same shared questions.
      const bobs = (await explain(bob, 'Gravity')).json().explanationId;
      const bobQuiz = await quizOf(bob, bobs);
      expect(bobQuiz.json().quizId).not.toBe(quiz.quizId);
      expect(fake.state.quizCalls).toBe(calls + 1);
      expect(await units(alice, 'alice')).toBe(before);
    });

    it('grades on the server, once per question, and keeps the score', async () => {
      const { quizId } = (await quizOf(alice)).json();
      const right = await answer(alice, quizId, 'q1', 1);
      expect(right.json()).toEqual({
        correct: true,
        correctChoice: 1,
        why: 'Because the section "Understanding Gravity" says so.',
      });
      const again = await answer(alice, quizId, 'q1', 0);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'ALREADY_ANSWERED' });
      expect((await answer(alice, quizId, 'q2', 3)).json()).toMatchObject({
        correct: false,
        correctChoice: 1,
      });
      const record = (await call(alice, 'GET', `/api/ai/explanations/${gravity}`)).json();
      expect(record.quiz).toEqual({ quizId, score: 1, answered: 2, total: 4 });
      const reopened = (await quizOf(alice)).json();
      expect(reopened.questions[1].answer).toMatchObject({ choice: 3, correct: false });
      expect(reopened.questions[2].answer).toBeUndefined();
    });

    it('counts one of two racing answers to the same question', async () => {
      const { quizId } = (await quizOf(alice)).json();
      const results = await Promise.all([
        answer(alice, quizId, 'q3', 1),
        answer(alice, quizId, 'q3', 0),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    });

    it('answers 404 for someone else’s quiz or an unknown question', async () => {
      const { quizId } = (await quizOf(alice)).json();
      expect((await answer(bob, quizId, 'q4', 1)).statusCode).toBe(404);
      expect((await answer(alice, quizId, 'q9', 1)).statusCode).toBe(404);
      expect((await quizOf(bob)).statusCode).toBe(404);
    });

    it('refuses a draft that breaks the rules, and stores nothing', async () => {
      const id = (await explain(alice, 'Magnetism')).json().explanationId;
      fake.state.quiz = {
        questions: [1, 2, 3].map((i) => ({
          section: 'A section that does not exist',
          prompt: `Q${i}?`,
          options: ['a', 'b', 'c', 'd'],
          correctChoice: 0,
          why: 'because',
        })),
      };
      const res = await quizOf(alice, id);
      expect(res.statusCode).toBe(502);
      fake.state.quiz = null;
      expect((await quizOf(alice, id)).json().questions).toHaveLength(4);
    });
  });

  describe('re-explanations', () => {
    const reExplain = (token: string, section: string, explanationId = gravity) =>
      call(token, 'POST', '/api/ai/re-explain', { explanationId, section });

    it('tells a section another way for one unit, never the same way twice in a row', async () => {
      const before = await units(alice, 'alice');
      const first = await reExplain(alice, 'key principles');
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({
        section: 'Key Principles',
        approach: 'analogy',
        answer: 'A short answer about Key Principles, told as analogy.',
      });
      expect((await reExplain(alice, 'Key Principles')).json().approach).toBe('steps');
      expect(await units(alice, 'alice')).toBe(before - 2);
      const record = (await call(alice, 'GET', `/api/ai/explanations/${gravity}`)).json();
      expect(record.reExplanations.map((r: { approach: string }) => r.approach)).toEqual([
        'analogy',
        'steps',
      ]);
    });

    it('charges one of two identical re-explanations sent at the same moment', async () => {
      const before = await units(alice, 'alice');
      fake.state.delayMs = 30;
      const [first, second] = await Promise.all([
        reExplain(alice, 'Real-World Application'),
        reExplain(alice, 'real-world application'),
      ]);
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      expect(second.json()).toEqual(first.json());
      expect(await units(alice, 'alice')).toBe(before - 1);
      const record = (await call(alice, 'GET', `/api/ai/explanations/${gravity}`)).json();
      const told = record.reExplanations.filter(
        (r: { section: string }) => r.section === 'Real-World Application',
      );
      expect(told).toHaveLength(1);
    });

    it('finds the section as the quiz does: case and spacing aside', async () => {
      const res = await reExplain(alice, '  KEY   takeaway ');
      expect(res.statusCode).toBe(200);
      expect(res.json().section).toBe('Key Takeaway');
    });

    it('answers 404 for a section the explanation does not have, or someone else’s', async () => {
      expect((await reExplain(alice, 'Nowhere')).statusCode).toBe(404);
      expect((await reExplain(bob, 'Key Principles')).statusCode).toBe(404);
    });

    it('never hands a premium style to a Free plan', async () => {
      const text = sampleAnswer('Empire');
      const answerId = sha256(text);
      await t.database.db
        .insertInto('answer_texts')
        .values({ id: answerId, text, details_json: null })
        .execute();
      await t.database.db
        .insertInto('explanations')
        .values({
          id: 'old-storytelling',
          user_id: await userIdOf('bob'),
          concept_name: 'Empire',
          query_key: 'empire',
          template: 'storytelling',
          difficulty: 'beginner',
          provider: 'remote-openai',
          answer_id: answerId,
          created_at: new Date().toISOString(),
        })
        .execute();
      const res = await reExplain(bob, 'Key Principles', 'old-storytelling');
      expect(res.statusCode).toBe(200);
      expect(fake.state.lastTutor?.explanation.template).toBe('default');
      // Told first as a story, so never again by analogy, though retold in the default style.
      expect(res.json().approach).not.toBe('analogy');
    });
  });
});
