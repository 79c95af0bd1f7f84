import type { User } from '@grasp/contract';
import { useAuth } from '../../../lib/auth-store.ts';
import { callsTo, makeUser, type stubApi } from '../../../testing/api-fixtures.ts';

export { json, type Route, stubApi } from '../../../testing/api-fixtures.ts';

/** Test helpers of the billing feature: a signed-in user and a fetch stub for our API. */
export function signIn(overrides: Partial<User> = {}): User {
  const user = makeUser({ id: '0b6f7c1e-1111-4a2b-9c3d-222233334444', ...overrides });
  useAuth.getState().signIn(user, 'token-1');
  return user;
}

export function bodiesSentTo(fetchMock: ReturnType<typeof stubApi>, path: string): unknown[] {
  return callsTo(fetchMock, path).map((call) => call.body);
}
