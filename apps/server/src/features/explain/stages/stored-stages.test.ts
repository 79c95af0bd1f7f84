import type { ExplainResponse } from '@grasp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/database.ts';
import { createTestDatabase, TEST_DATABASES } from '../../../test/databases.ts';
import { manualClock } from '../../../test/manual-clock.ts';
import { userRow } from '../../../test/user-row.ts';
import type { UnitHold } from '../../billing/usage.service.ts';
import * as repo from '../explain.repository.ts';
import { createAnswerCache } from './answer-cache.ts';
import type { Answer } from './check.ts';
import { createRecord } from './record.ts';
import { createSpending, type Units } from './spend.ts';

const answer: Answer = {
  response: '## One (0-30 seconds)\nText.',
  provider: 'offline',
  template: 'default',
  difficulty: 'beginner',
  language: 'en',
  relatedConcepts: [],
  suggestedQuestions: [],
  sources: [],
};

/** Units that count what happens to them. */
function countingUnits() {
  const log: string[] = [];
  const units: Units = {
    currentCycle: async () => ({ starts_at: '2026-01-01T00:00:00.000Z' }),
    takeUnit: async (userId) => {
      log.push(`take ${userId}`);
      return { userId } as unknown as UnitHold;
    },
    settleUnit: async (_tx, _hold, isRepeat) => {
      const repeat = await isRepeat();
      log.push(repeat ? 'returned' : 'kept');
      return repeat ? 'returned' : 'kept';
    },
    giveUnitBack: async () => {
      log.push('given back');
    },
  };
  return { units, log };
}

describe.each(TEST_DATABASES)('the stored stages on %s', (kind) => {
  let database: Database;
  const clock = manualClock();
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await database.db.insertInto('users').values(userRow('u1', 'Asha')).execute();
  });
  afterAll(() => database.close());

  it('the cache remembers an answer for every reader, one response object per answer', async () => {
    const cache = createAnswerCache(database.db, clock);
    expect(await cache.read('k1')).toBeNull();
    await cache.remember('k1', answer);
    const other = createAnswerCache(database.db, clock);
    expect(await other.read('k1')).toEqual(answer);
    const a = cache.response('e1', answer);
    expect(a).toMatchObject({ explanationId: 'e1', cached: true, response: answer.response });
  });

  it('spending holds a unit, is free for a repeat, and gives it back on failure', async () => {
    const { units, log } = countingUnits();
    const spending = createSpending({ db: database.db, units });
    const ask = {
      userId: 'u1',
      queryKey: 'spent',
      template: 'default',
      difficulty: 'beginner',
      language: 'en',
      materialId: '',
    };
    const payment = await spending.reserve(ask);
    expect(payment.hold).not.toBeNull();
    await spending.refund(payment);
    expect(log).toEqual(['take u1', 'given back']);
  });

  it('records the message and settles the unit in the same write', async () => {
    const { units, log } = countingUnits();
    const spending = createSpending({ db: database.db, units });
    const record = createRecord(database.db, clock);
    const ask = {
      userId: 'u1',
      queryKey: 'recorded',
      template: 'default',
      difficulty: 'beginner',
      language: 'en',
      materialId: '',
    };
    const payment = await spending.reserve(ask);
    const hold = payment.hold;
    if (!hold) throw new Error('expected a hold');
    const result: ExplainResponse = { ...answer, explanationId: 'e-recorded', cached: false };
    await record.store({ ...ask, conceptName: 'Recorded' }, result, (tx) =>
      spending.settle(tx, hold, { ...ask, since: payment.since }),
    );
    expect(log).toEqual(['take u1', 'kept']);
    expect((await repo.explanationOf(database.db, 'u1', 'e-recorded'))?.text).toBe(answer.response);
    // The same ask again this cycle holds no unit.
    expect((await spending.reserve(ask)).hold).toBeNull();
  });
});
