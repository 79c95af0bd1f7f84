import type { User } from '@grasp/contract';
import { useAuth } from '../../../lib/auth-store.ts';
import { json } from '../../../testing/api-fixtures.ts';

/** Test helpers of the auth feature; the shared ones come from testing/api-fixtures. */
export { callsTo, json, makeUser, type Route, stubApi } from '../../../testing/api-fixtures.ts';

export function errorBody(status: number, code: string, message: string): Response {
  return json({ success: false, code, message }, status);
}

/** What fetch throws when the API client's 30 s timeout signal fires. */
export function timesOut(): Promise<Response> {
  return Promise.reject(new DOMException('The operation timed out.', 'TimeoutError'));
}

/** A response the test releases when it wants, to look at the "in progress" state. */
export function deferred() {
  let release: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { route: () => promise, release };
}

/** An altcha-lib-like challenge; the fake widget's payload names its salt. */
export function altchaChallenge(salt: string): Response {
  return json({
    provider: 'altcha',
    challenge: { parameters: { algorithm: 'SHA-256', nonce: 'n', salt, keyPrefix: '00' } },
  });
}

export function signInAs(user: User, loginTime = Date.now()) {
  useAuth.getState().signIn(user, 'tok', loginTime);
}

export function resetAuth() {
  useAuth.setState({ user: null, token: null, loginTime: null });
}
