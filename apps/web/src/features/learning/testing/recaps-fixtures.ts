import type { RecapItem, RecapsResponse } from '@grasp/contract';
import { useRecaps } from '../stores/recaps-store.ts';

export { callsTo, json, makeUser, stubApi } from '../../../testing/api-fixtures.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const after = (ms: number) => new Date(Date.now() + ms).toISOString();

/** A due recap; its next dates are 1, 3, 5 and 12 days away. */
export function recapItem(overrides: Partial<RecapItem> = {}): RecapItem {
  return {
    cardId: 'card-1',
    query: 'Gravity',
    explanationId: 'explanation-1',
    dueAt: after(-HOUR),
    takeaway: 'Gravity is the pull between masses.',
    next: { again: after(DAY), hard: after(3 * DAY), good: after(5 * DAY), easy: after(12 * DAY) },
    ...overrides,
  };
}

export function recaps(overrides: Partial<RecapsResponse> = {}): RecapsResponse {
  const due = overrides.due ?? [recapItem()];
  return { due, upcoming: 0, dueCount: due.length, nextDueAt: null, ...overrides };
}

export const resetRecaps = () => useRecaps.getState().reset();
