/**
 * Whole-flow load (issue 8): each autocannon connection signs in, asks for a cached explanation
 * and reads its stats, over and over, on SQLite and on PostgreSQL, beside a bare Fastify
 * hello-world started in the same run. Needs a build (npm run build).
 * Run: npx tsx bench/whole-flow.ts   (BENCH_DATABASE_URL overrides the PostgreSQL server used;
 * a throwaway database is created there and dropped afterwards)
 */
import type { Request } from 'autocannon';
import {
  basePort,
  type LoadFigures,
  load,
  loadRow,
  onBothDatabases,
  printRows,
  type Started,
  signUp,
  startServer,
} from './lib.ts';

const CONNECTIONS = 50;
// A sign-in counts as an attempt until its PIN is checked and 5 open attempts lock the account,
// so no user may have more than two sign-ins in flight: one user per two connections.
const USERS = CONNECTIONS / 2;
const PIN = '1234';
// The server's own PostgreSQL driver, so the benchmarks need no dependency of their own for it.
const port = basePort(3311);

interface FlowContext {
  user?: string;
  token?: string;
}

async function registerUsers(server: Started): Promise<string[]> {
  const stamp = Date.now().toString(36);
  const users: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const name = `flow${stamp}${i}`;
    await signUp(server, name, PIN);
    users.push(name);
  }
  return users;
}

const explainBody = JSON.stringify({
  query: 'gravity',
  template: 'default',
  difficulty: 'beginner',
  provider: 'offline',
});

/** Sign in, the cached explanation, the stats: one virtual user's round, for autocannon. */
function flowRequests(users: string[]): Request[] {
  let nextUser = 0;
  const json = { 'content-type': 'application/json' };
  const bearer = (context: FlowContext) => ({ authorization: `Bearer ${context.token ?? ''}` });
  return [
    {
      method: 'POST',
      path: '/api/auth/login',
      setupRequest: (request, context: FlowContext) => {
        context.user ??= users[nextUser++ % users.length];
        return {
          ...request,
          headers: json,
          body: JSON.stringify({ username: context.user, password: PIN }),
        };
      },
      onResponse: (status, body, context: FlowContext) => {
        context.token = status === 200 ? (JSON.parse(body) as { token: string }).token : '';
      },
    },
    {
      method: 'POST',
      path: '/api/ai/aiResponseGoogle',
      setupRequest: (request, context: FlowContext) => ({
        ...request,
        headers: { ...json, ...bearer(context) },
        body: explainBody,
      }),
    },
    {
      method: 'GET',
      setupRequest: (request, context: FlowContext) => ({
        ...request,
        path: `/api/stats/user-stats/${context.user ?? ''}`,
        headers: bearer(context),
      }),
    },
  ];
}

async function wholeFlow(env: Record<string, string>, offset: number): Promise<LoadFigures> {
  const server = await startServer('apps/server/dist/main.js', port + offset, {
    RATE_LIMIT_SCALE: '100000',
    ...env,
  });
  try {
    const users = await registerUsers(server);
    const warmUp = await signUp(server, `warm${Date.now().toString(36)}`, PIN);
    const first = await fetch(`${server.url}/api/ai/aiResponseGoogle`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${warmUp}` },
      body: explainBody,
    });
    if (!first.ok) throw new Error(`warm-up failed: ${first.status} ${await first.text()}`);
    return await load({ url: server.url, connections: CONNECTIONS, requests: flowRequests(users) });
  } finally {
    await server.stop();
  }
}

const [[, sqlite], [, postgres]] = await onBothDatabases(wholeFlow);
const hello = await startServer('bench/hello-world.mjs', port + 2);
const baseline = await load({ url: `${hello.url}/api/health`, connections: CONNECTIONS });
await hello.stop();

const ratio = (figures: LoadFigures) =>
  `${((figures.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(1)}%`;
const rows: (string | number)[][] = [
  ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'vs hello-world'],
  ...(
    [
      ['whole flow, SQLite', sqlite],
      ['whole flow, PostgreSQL', postgres],
      ['hello-world', baseline],
    ] as const
  ).map(([scenario, f]) => [...loadRow(scenario, f), ratio(f)]),
];
printRows(rows, 24, 24);
process.stdout.write(
  `${CONNECTIONS} connections, 10 s each; a round is 3 requests (sign in, cached explanation, stats), over ${USERS} users; errors are non-2xx answers plus failed requests\n`,
);
