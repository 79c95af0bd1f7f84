import { RECAP_RATINGS } from '@grasp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress, signedInUser } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DATABASES } from '../../test/databases.ts';
import { fakeProvider } from '../../test/fake-provider.ts';
import { manualClock } from '../../test/manual-clock.ts';

const DAY = 24 * 60 * 60 * 1000;

interface RecapItem {
  cardId: string;
  query: string;
  explanationId: string;
  dueAt: string;
  takeaway: string;
  question?: {
    quizId?: string;
    questionId: string;
    options: string[];
    reveal?: { correctChoice: number };
  };
  next: Record<(typeof RECAP_RATINGS)[number], string>;
}
interface Recaps {
  due: RecapItem[];
  upcoming: number;
  dueCount: number;
  nextDueAt: string | null;
}

describe.each(TEST_DATABASES)('spaced recaps on %s', (kind) => {
  let t: TestApp;
  const clock = manualClock('2026-05-04T08:00:00.000Z');
  const fake = fakeProvider('remote-openai');
  const offline = fakeProvider('offline');
  const tokens: Record<string, string> = {};

  const call = (name: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${tokens[name]}` },
      ...(payload ? { payload } : {}),
    });
  /** Sessions last four hours of the server's clock: moving it by days needs a new sign-in. */
  const signInAgain = async (name: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: name, password: '1234' },
      remoteAddress: nextAddress(),
    });
    tokens[name] = res.json().token;
  };
  const travel = async (ms: number) => {
    clock.advance(ms);
    for (const name of Object.keys(tokens)) await signInAgain(name);
  };
  const explain = async (name: string, query: string) =>
    (
      await call(name, 'POST', '/api/ai/aiResponseGoogle', { query, provider: 'remote-openai' })
    ).json().explanationId as string;
  const recaps = async (name: string) => {
    const res = await call(name, 'GET', '/api/learning/recaps');
    expect(res.statusCode).toBe(200);
    return res.json<Recaps>();
  };
  const review = (name: string, cardId: string, rating: string) =>
    call(name, 'POST', `/api/learning/recaps/${cardId}/review`, { rating });
  const units = async (name: string) =>
    (await call(name, 'GET', `/api/stats/units/${name}`)).json().available_units as number;
  const quiz = async (name: string, explanationId: string) =>
    (await call(name, 'POST', '/api/ai/quiz', { explanationId })).json<{
      quizId: string;
      questions: { questionId: string }[];
    }>();
  const answerAll = async (name: string, explanationId: string, choice: (i: number) => number) => {
    const { quizId, questions } = await quiz(name, explanationId);
    for (const [i, q] of questions.entries()) {
      const res = await call(name, 'POST', `/api/ai/quiz/${quizId}/answers`, {
        questionId: q.questionId,
        choice: choice(i),
      });
      expect(res.statusCode).toBe(200);
    }
  };
  const cardRow = (query: string) =>
    t.database.db
      .selectFrom('recap_cards')
      .selectAll()
      .where('query', '=', query)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await buildTestApp(kind, {
      clock,
      providers: [offline.provider, fake.provider],
      env: { RATE_LIMIT_SCALE: '100' },
    });
    for (const name of ['rita', 'sam']) {
      tokens[name] = (await signedInUser(t.app, t.database.db, name)).token;
    }
  });
  afterAll(() => t?.close());

  it('makes one card per concept from the caller’s explanations, for no unit', async () => {
    // A minute apart: made in the same instant of this clock, which of them is the latest came
    // down to the random part of two ids made in the same millisecond.
    await explain('rita', 'Gravity');
    clock.advance(60_000);
    await explain('rita', 'gravity ');
    clock.advance(60_000);
    const latest = await explain('rita', 'Gravity');
    clock.advance(60_000);
    await explain('rita', 'Magnetism');
    const before = await units('rita');
    const queue = await recaps('rita');
    expect(queue).toMatchObject({ due: [], upcoming: 2, dueCount: 0 });
    // First rated good (no quiz): back in a few days, not today.
    const next = Date.parse(queue.nextDueAt ?? '');
    expect(next - clock.now().getTime()).toBeGreaterThan(DAY);
    expect(next - clock.now().getTime()).toBeLessThan(8 * DAY);
    expect(await recaps('rita')).toEqual(queue);
    expect((await cardRow('Gravity')).explanation_id).toBe(latest);
    expect(await units('rita')).toBe(before);
  });

  it('brings cards back when due: takeaway, the four next dates, a fresh quiz question', async () => {
    await travel(10 * DAY);
    const queue = await recaps('rita');
    expect(queue).toMatchObject({ upcoming: 0, dueCount: 2, nextDueAt: null });
    expect(queue.due.map((d) => d.query).sort()).toEqual(['Gravity', 'Magnetism']);
    const gravity = queue.due.find((d) => d.query === 'Gravity') as RecapItem;
    expect(Object.keys(gravity).sort()).toEqual([
      'cardId',
      'dueAt',
      'explanationId',
      'next',
      'query',
      'takeaway',
    ]);
    // From the Key Takeaway section: two short sentences.
    expect(gravity.takeaway).toBe(
      `${'Gravity is explained here in plain words with an example or two. '.repeat(2).trim()}`,
    );
    const times = RECAP_RATINGS.map((r) => Date.parse(gravity.next[r]));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(times[0]).toBeGreaterThan(clock.now().getTime());

    // Once the explanation has a quiz, the recap asks one of its questions, unanswered first.
    const magnetism = queue.due.find((d) => d.query === 'Magnetism') as RecapItem;
    const { quizId } = await quiz('rita', magnetism.explanationId);
    await call('rita', 'POST', `/api/ai/quiz/${quizId}/answers`, { questionId: 'q1', choice: 1 });
    const asked = (await recaps('rita')).due.find((d) => d.query === 'Magnetism');
    expect(asked?.question).toEqual({
      quizId,
      questionId: 'q2',
      section: 'Key Principles',
      prompt: 'Question 2 on Key Principles?',
      options: ['Wrong A', 'Right 2', 'Wrong B', 'Wrong C'],
    });
  });

  it('takes a review once, as previewed, and the card leaves the queue', async () => {
    const before = await units('rita');
    const [item] = (await recaps('rita')).due;
    if (!item) throw new Error('no due card');
    const res = await review('rita', item.cardId, 'good');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ cardId: item.cardId, dueAt: item.next.good });
    const queue = await recaps('rita');
    expect(queue.due.map((d) => d.cardId)).not.toContain(item.cardId);
    expect(queue).toMatchObject({ dueCount: 1, upcoming: 1, nextDueAt: item.next.good });
    const again = await review('rita', item.cardId, 'easy');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, code: 'CONFLICT' });
    expect(await units('rita')).toBe(before);
  });

  it('counts one of two reviews of the same card sent at once (two tabs)', async () => {
    const [item] = (await recaps('rita')).due;
    if (!item) throw new Error('no due card');
    const results = await Promise.all([
      review('rita', item.cardId, 'again'),
      review('rita', item.cardId, 'easy'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const reviews = await t.database.db
      .selectFrom('recap_reviews')
      .select('rating')
      .where('card_id', '=', item.cardId)
      .execute();
    expect(reviews).toHaveLength(1);
    const card = await cardRow(item.query);
    expect(card.reviews).toBe(1);
    const counted = results.find((r) => r.statusCode === 200)?.json().dueAt;
    expect(card.due_at).toBe(counted);
  });

  it('shows and takes the caller’s own cards only: someone else’s id is 404', async () => {
    const card = await cardRow('Gravity');
    expect(await recaps('sam')).toEqual({ due: [], upcoming: 0, dueCount: 0, nextDueAt: null });
    for (const id of [card.id, 'no-such-card']) {
      const res = await review('sam', id, 'good');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    expect((await cardRow('Gravity')).version).toBe(card.version);
  });

  it('refuses a rating it does not know, and callers without a token', async () => {
    const card = await cardRow('Gravity');
    const bad = await review('rita', card.id, 'meh');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/rating/);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/learning/recaps' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('takes the first rating from a completed quiz: all right good, any wrong again', async () => {
    const optics = await explain('sam', 'Optics');
    const acoustics = await explain('sam', 'Acoustics');
    await answerAll('sam', optics, () => 1);
    await answerAll('sam', acoustics, (i) => (i === 2 ? 0 : 1));
    const now = clock.now().getTime();
    const right = await cardRow('Optics');
    const wrong = await cardRow('Acoustics');
    expect(right.quiz_rated).toBe(1);
    expect(Date.parse(wrong.due_at) - now).toBeLessThanOrEqual(DAY);
    expect(Date.parse(right.due_at) - now).toBeGreaterThan(DAY);
    await travel(DAY + 60_000);
    const queue = await recaps('sam');
    expect(queue.due.map((d) => d.query)).toEqual(['Acoustics']);
    // Cards made by a quiz count like cards made from explanations.
    expect(queue).toMatchObject({ dueCount: 1, upcoming: 1, nextDueAt: right.due_at });
    // Every question was answered (one wrong): the recap asks that one, graded in the recap.
    const [item] = (await recaps('sam')).due;
    expect(item?.question).toMatchObject({ questionId: 'q3', reveal: { correctChoice: 1 } });
  });

  it('gives the distiller each concept’s status and the streak each review', async () => {
    const status = async () => {
      const res = await call('sam', 'POST', '/api/concepts/distill', {
        subject: 'gravity',
        provider: 'offline',
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ status: Record<string, string>; prerequisites: unknown[] }>();
    };
    const first = await status();
    expect(first.status).toEqual({ attraction: 'new', gravity: 'new', 'solar gravity': 'new' });
    expect(first.prerequisites).toContainEqual({ from: 'attraction', to: 'gravity' });
    await explain('sam', 'gravity');
    expect((await status()).status.gravity).toBe('explained');
    await travel(10 * DAY);
    expect((await status()).status.gravity).toBe('due');
    const card = (await recaps('sam')).due.find((d) => d.query === 'gravity') as RecapItem;
    expect((await review('sam', card.cardId, 'easy')).statusCode).toBe(200);
    expect((await status()).status.gravity).toBe('known');

    const stats = (await call('sam', 'GET', '/api/stats/user-stats/sam')).json();
    expect(stats.review_dates).toEqual([clock.now().toISOString()]);
  });
});
