import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../../lib/auth-store.ts';
import { callsTo, json, makeUser, stubApi } from '../../../testing/api-fixtures.ts';
import { resetFakeIdb } from '../../../testing/fake-idb-keyval.ts';
import { reviewPath } from '../api/recaps.ts';
import { keepOfflineReview, offlineReviewsOf } from '../lib/offline-reviews.ts';
import { resetLearning } from '../testing/learning-fixtures.ts';
import { useRecaps } from './recaps-store.ts';

vi.mock('idb-keyval', () => import('../../../testing/fake-idb-keyval.ts'));

const keep = (cardId: string, madeAt: string) =>
  keepOfflineReview({ userId: 'u1', cardId, query: cardId, rating: 'good', madeAt });

describe('sending the reviews made offline', () => {
  beforeEach(() => {
    vi.stubGlobal('indexedDB', {});
    resetLearning();
    useAuth.getState().signIn(makeUser(), 'tok');
  });
  afterEach(() => {
    resetFakeIdb();
    vi.unstubAllGlobals();
  });

  it('sends them in order and forgets each one sent', async () => {
    await keep('a', '2026-01-01T00:00:00Z');
    await keep('b', '2026-01-02T00:00:00Z');
    const answer = (cardId: string) => () => json({ cardId, dueAt: '2026-02-01T00:00:00.000Z' });
    const fetchMock = stubApi({
      [`POST ${reviewPath('a')}`]: answer('a'),
      [`POST ${reviewPath('b')}`]: answer('b'),
    });
    expect(await useRecaps.getState().sendOffline()).toEqual({ sent: 2, refused: [] });
    expect(callsTo(fetchMock, reviewPath('b'))).toHaveLength(1);
    expect(await offlineReviewsOf('u1')).toEqual([]);
  });

  it('stops when the user signs out meanwhile: nothing goes under the next account', async () => {
    await keep('a', '2026-01-01T00:00:00Z');
    await keep('b', '2026-01-02T00:00:00Z');
    const fetchMock = stubApi({
      [`POST ${reviewPath('a')}`]: () => {
        useAuth.getState().signOut();
        useAuth.getState().signIn(makeUser({ id: 'u2', username: 'ravi' }), 'tok2');
        return json({ cardId: 'a', dueAt: '2026-02-01T00:00:00.000Z' });
      },
      [`POST ${reviewPath('b')}`]: () => json({ cardId: 'b', dueAt: '2026-02-01T00:00:00.000Z' }),
    });
    await useRecaps.getState().sendOffline();
    expect(callsTo(fetchMock, reviewPath('b'))).toHaveLength(0);
  });
});
