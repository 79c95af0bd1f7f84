import { randomBytes } from 'node:crypto';
import { TEMPLATES } from '@grasp/contract';
import { type Ask, type GraspClient, Refused, type SignCallback } from './grasp-client.ts';
import type { ServerProcess } from './server-process.ts';

/** Everything the server answered 2xx to; the checks afterwards hold the database to it. */
export interface Ledger {
  registered: Set<string>;
  verified: Set<string>;
  explained: Array<Ask & { username: string; response: string }>;
  distilled: Array<{ username: string; subject: string; concepts: string[] }>;
  /** username → the payment reported successful (callback accepted, or status page) */
  paid: Map<string, string>;
  /** 5xx answers: a server that is up should never give one. */
  serverErrors: string[];
  /** Every failure, for the message when the load stalls. */
  errors: string[];
}

const CONCEPTS = ['gravity', 'photosynthesis', 'entropy', 'volcano', 'democracy', 'osmosis'];
const SUBJECTS = ['history of the printing press', 'the solar system', 'human digestion'];
const DIFFICULTIES = ['beginner', 'intermediate', 'advanced'];
const PREMIUM = TEMPLATES.filter((t) => t.premium && t.selectable).map((t) => t.id);

const pick = <T>(items: readonly T[], i: number): T => items[i % items.length] as T;

/** A Free user's questions: four new ones and a repeat of the first, which costs nothing. */
function freeAsks(seed: number): Ask[] {
  const asks = [0, 1, 2, 3].map((i) => ({
    query: pick(CONCEPTS, seed + i),
    template: 'default',
    difficulty: pick(DIFFICULTIES, seed + i * 2),
    stream: (seed + i) % 2 === 0,
  }));
  return [...asks, { ...(asks[0] as Ask), stream: !asks[0]?.stream }];
}

/** After paying: the same concept in premium templates. */
function proAsks(seed: number): Ask[] {
  return [0, 1, 2].map((i) => ({
    query: pick(CONCEPTS, seed),
    template: pick(PREMIUM, seed + i),
    difficulty: 'beginner',
    stream: i === 1,
  }));
}

export interface Progress {
  registrations: number;
  explanations: number;
  payments: number;
}

const counts = (ledger: Ledger): Progress => ({
  registrations: ledger.registered.size,
  explanations: ledger.explained.length,
  payments: ledger.paid.size,
});

const reached = (ledger: Ledger, target: Progress) => {
  const now = counts(ledger);
  return (
    now.registrations >= target.registrations &&
    now.explanations >= target.explanations &&
    now.payments >= target.payments
  );
};

const summary = (ledger: Ledger) =>
  `${JSON.stringify(counts(ledger))}; last errors: ${ledger.errors.slice(-3).join(' | ')}`;

function createLedger(): Ledger {
  return {
    registered: new Set(),
    verified: new Set(),
    explained: [],
    distilled: [],
    paid: new Map(),
    serverErrors: [],
    errors: [],
  };
}

/**
 * Sign up, ask, distil, pay (every other user: by the gateway's callback or at the sandbox
 * checkout), ask again; each 2xx is written down as it comes.
 */
async function session(client: GraspClient, ledger: Ledger, sign: SignCallback, seed: number) {
  const username = `f${randomBytes(5).toString('hex')}`;
  await client.register(username);
  ledger.registered.add(username);
  await client.verifyEmail(username);
  ledger.verified.add(username);
  const { token, userId } = await client.login(username);
  const ask = async (a: Ask) => {
    const response = await client.explain(token, a);
    ledger.explained.push({ ...a, username, response });
  };
  for (const a of freeAsks(seed)) await ask(a);
  const subject = pick(SUBJECTS, seed);
  ledger.distilled.push({ username, subject, concepts: await client.distill(token, subject) });
  if (seed % 2 === 1) return;
  const paid =
    seed % 4 === 0
      ? await client.payByCallback(token, userId, sign)
      : await client.payAtCheckout(token, userId);
  ledger.paid.set(username, paid);
  for (const a of proAsks(seed)) await ask(a);
}

/**
 * Concurrent sessions until stopped. A failed request (a killed server resets its connections)
 * abandons that session; the worker waits for the server and starts a new one.
 */
export function runLoad(options: {
  server: ServerProcess;
  client: GraspClient;
  sign: SignCallback;
  workers: number;
}) {
  const ledger = createLedger();
  let stopping = false;
  let sessions = 0;
  let markStopped: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => {
    markStopped = resolve;
  });

  async function worker(): Promise<void> {
    while (!stopping) {
      try {
        await session(options.client, ledger, options.sign, sessions++);
      } catch (error) {
        if (error instanceof Refused && error.status >= 500)
          ledger.serverErrors.push(error.message);
        await Promise.race([options.server.whenUp(), stopped]);
      }
    }
  }
  const running = Promise.all(Array.from({ length: options.workers }, worker));

  return {
    ledger,
    /** Resolves once more of every kind of request than now have been answered. */
    async progress(more: Progress, timeoutMs = 60_000): Promise<void> {
      const target = {
        registrations: ledger.registered.size + more.registrations,
        explanations: ledger.explained.length + more.explanations,
        payments: ledger.paid.size + more.payments,
      };
      const deadline = Date.now() + timeoutMs;
      while (!reached(ledger, target)) {
        if (Date.now() > deadline) {
          throw new Error(
            `the load stalled short of ${JSON.stringify(target)}: ${summary(ledger)}`,
          );
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async stop(): Promise<void> {
      stopping = true;
      markStopped();
      await running;
    },
  };
}
