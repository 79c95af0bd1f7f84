import { PRO_PAYMENT } from '@grasp/contract';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Challenge } from 'altcha-lib/types';
import type { SignedCallback } from '../../features/billing/gateways/sandbox-gateway.ts';
import { registration, verificationTokenFromOutbox } from '../auth-helpers.ts';

/** A request the server answered with something other than 2xx. */
export class Refused extends Error {
  constructor(
    readonly path: string,
    readonly status: number,
    body: string,
  ) {
    super(`${path} answered ${status}: ${body.slice(0, 200)}`);
  }
}

export interface Ask {
  query: string;
  template: string;
  difficulty: string;
  stream: boolean;
}

export type SignCallback = (merchantTransactionId: string) => SignedCallback;

function parseDoneEvent(body: string): { response: string } {
  const done = body.split('\n\n').find((block) => block.startsWith('event: done'));
  const data = done?.split('\n').find((line) => line.startsWith('data: '));
  if (!data) throw new Refused('/api/ai/aiResponseGoogle (stream)', 200, body);
  return JSON.parse(data.slice('data: '.length)) as { response: string };
}

/** One person using the real API over HTTP, as the web app would. */
export function graspClient(baseUrl: string, dataDir: string) {
  async function call(path: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(`${baseUrl}${path}`, init);
    if (res.status < 200 || res.status > 299) throw new Refused(path, res.status, await res.text());
    return res;
  }
  const json = (body: unknown, headers: Record<string, string> = {}) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  async function initiate(token: string, userId: string): Promise<string> {
    const order = {
      amount: PRO_PAYMENT.amountPaise,
      userId,
      redirectUrl: `${baseUrl}/payment-status`,
      productId: PRO_PAYMENT.productId,
    };
    const res = await call('/api/payment/initiate', json(order, bearer(token)));
    return ((await res.json()) as { merchantTransactionId: string }).merchantTransactionId;
  }

  async function captcha(): Promise<string> {
    const body = (await (await call('/api/auth/captcha')).json()) as { challenge: Challenge };
    const solution = await solveChallenge({ challenge: body.challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge: body.challenge, solution })).toString('base64');
  }

  return {
    async register(username: string): Promise<void> {
      const turnstileToken = await captcha();
      await call('/api/auth/register', json({ ...registration(username), turnstileToken }));
    },

    async verifyEmail(username: string): Promise<void> {
      const token = verificationTokenFromOutbox(dataDir, `${username.toLowerCase()}@example.com`);
      await call(`/api/auth/verify-email?token=${token}`);
    },

    async login(username: string): Promise<{ token: string; userId: string }> {
      const res = await call('/api/auth/login', json({ username, password: '1234' }));
      const body = (await res.json()) as { token: string; user: { id: string } };
      return { token: body.token, userId: body.user.id };
    },

    /** The answer text; a stream counts only once its `done` event arrived. */
    async explain(token: string, ask: Ask): Promise<string> {
      const { stream, ...body } = ask;
      const accept = stream ? 'text/event-stream' : 'application/json';
      const res = await call(
        '/api/ai/aiResponseGoogle',
        json({ ...body, provider: 'offline' }, { ...bearer(token), accept }),
      );
      const answer = stream
        ? parseDoneEvent(await res.text())
        : ((await res.json()) as { response: string });
      return answer.response;
    },

    async distill(token: string, subject: string): Promise<string[]> {
      const res = await call('/api/concepts/distill', json({ subject }, bearer(token)));
      return ((await res.json()) as { concepts: string[] }).concepts;
    },

    /** Starts a Pro payment and sends the gateway's signed success callback; the payment id. */
    async payByCallback(token: string, userId: string, sign: SignCallback): Promise<string> {
      const id = await initiate(token, userId);
      const callback = sign(id);
      await call('/api/payment/callback', json(callback.body, { 'x-verify': callback.xVerify }));
      return id;
    },

    /**
     * Starts a Pro payment and pays on the sandbox checkout page, which settles it and calls
     * back in-process; the payment counts once its status page says so.
     */
    async payAtCheckout(token: string, userId: string): Promise<string> {
      const id = await initiate(token, userId);
      const res = await fetch(`${baseUrl}/api/payment/sandbox/checkout/${id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'outcome=pay',
        redirect: 'manual',
      });
      if (res.status !== 303) throw new Refused('checkout', res.status, await res.text());
      const status = await call(`/api/payment/status/${id}`, { headers: bearer(token) });
      const body = (await status.json()) as { status: string };
      if (body.status !== 'PAYMENT_SUCCESS') throw new Refused('status', 200, body.status);
      return id;
    },
  };
}
export type GraspClient = ReturnType<typeof graspClient>;
