import type { User, UserMessage } from '@grasp/contract';
import { vi } from 'vitest';
import { useAuth } from '../../../lib/auth-store.ts';
import { json, makeUser } from '../../../testing/api-fixtures.ts';

export { json };

export function signedInUser(overrides: Partial<User> = {}): User {
  const user = makeUser(overrides);
  useAuth.getState().signIn(user, 'tok');
  return user;
}

export function message(name: string, minutesAgo: number): UserMessage {
  return {
    concept_name: name,
    ai_answer: `## About ${name} (0-20 seconds)\n**${name}** explained simply.`,
    created_date: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  };
}

type Answer = () => Response | Promise<Response>;

const NO_RECAPS = { due: [], upcoming: 0, dueCount: 0, nextDueAt: null };

/** Answers the three stats calls (and recaps, payments); pass one answer to use it for all. */
export function stubStats(
  answers:
    | { stats?: Answer; messages?: Answer; units?: Answer; recaps?: Answer; payments?: Answer }
    | Answer,
  user: User,
) {
  const all =
    typeof answers === 'function' ? { stats: answers, messages: answers, units: answers } : answers;
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.includes('/user-stats/')) return (all.stats ?? (() => json({ total_messages: 0 })))();
    if (url.includes('/user-messages/')) return (all.messages ?? (() => json([])))();
    if (url.includes('/units/'))
      return (all.units ?? (() => json({ success: true, user, available_units: 99 })))();
    // The Billing section's own call (features/billing): no payments unless a test says so.
    if (url.endsWith('/api/billing/payments')) {
      const payments = 'payments' in all ? all.payments : undefined;
      return (payments ?? (() => json({ payments: [] })))();
    }
    if (url.endsWith('/api/learning/recaps')) {
      const recaps = 'recaps' in all ? all.recaps : undefined;
      return (recaps ?? (() => json(NO_RECAPS)))();
    }
    throw new Error(`Unexpected call: ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
