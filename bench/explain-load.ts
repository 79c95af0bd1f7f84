/**
 * Load on an authenticated, cached explanation beside a bare Fastify hello-world started in the
 * same run (50 connections, 6 s a round), plus server memory before and after. Each server first
 * answers one unmeasured round: V8 compiles its hot code then, which a running server has long
 * done. Then they are loaded in turn, five rounds each (BENCH_ROUNDS), in alternating order, and
 * compared by the medians of the rounds' req/s and CPU per answer: on a small shared machine one
 * round of either can be 10–40% off the others, which a single pair turns into a ratio that means
 * little.
 * Needs a build (npm run build). Run: npx tsx bench/explain-load.ts
 * Set PREVIOUS_BUILD=<an older apps/server/dist/main.js> to load it too, round by round beside this
 * build (before and after in one run; PREVIOUS_NODE_OPTIONS and PREVIOUS_NODE_ARGS, say '', give it
 * the settings and the command-line flags it shipped with),
 * DATABASE_URL=postgres://… to run the servers on PostgreSQL,
 * BENCH_LOG_LEVEL=warn to quieten the servers' logs (default: info, the server's own default),
 * BENCH_ACCEPT_ENCODING='gzip, deflate, br' to ask as fetch and most HTTP libraries do, for a
 * compressed answer (default: no header, as autocannon asks),
 * and CPU_PROF_DIR=… to profile this build (then: npx tsx bench/profile-summary.ts <file>).
 */
import {
  basePort,
  cpuMs,
  type LoadFigures,
  loadFromOwnProcess,
  median,
  printRows,
  rssMb,
  SERVE_NODE_ARGS,
  type Started,
  signUp,
  startBareServer,
  startServer,
} from './lib.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUND_SECONDS = 6;
// The server's own default (info: a line per completed request), as the goal is stated.
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const port = basePort(3301);
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING;
// CPU_PROF_DIR=dir: the server writes a V8 profile there on exit (bench/profile-summary.ts reads it).
const profileDir = process.env.CPU_PROF_DIR;
const body = JSON.stringify({
  query: 'gravity',
  template: 'default',
  difficulty: 'beginner',
  provider: 'offline',
});

interface Build {
  name: string;
  server: Started;
  rssAtStart: number;
  headers: Record<string, string>;
  url: string;
  runs: LoadFigures[];
  /** Server CPU per answer in each round, µs. */
  cpuUs: number[];
}

async function startBuild(
  name: string,
  script: string,
  at: number,
  args: string[],
  env: Record<string, string> = {},
  serveArgs = SERVE_NODE_ARGS,
) {
  const server = await startServer(
    script,
    at,
    { RATE_LIMIT_SCALE: '100000', LOG_LEVEL, ...env },
    args,
    undefined,
    serveArgs,
  );
  const rssAtStart = rssMb(server.child.pid);
  const token = await signUp(server, `bench${Date.now()}`);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    authorization: `Bearer ${token}`,
  };
  if (ACCEPT_ENCODING) headers['accept-encoding'] = ACCEPT_ENCODING;
  const url = `${server.url}/api/ai/aiResponseGoogle`;
  const first = await fetch(url, { method: 'POST', headers, body });
  if (!first.ok) throw new Error(`${name}: warm-up failed: ${first.status} ${await first.text()}`);
  return { name, server, rssAtStart, headers, url, runs: [], cpuUs: [] } satisfies Build;
}

const builds: Build[] = [
  await startBuild(
    'cached explanation',
    'apps/server/dist/main.js',
    port,
    profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  ),
];
const previous = process.env.PREVIOUS_BUILD;
const previousOptions = process.env.PREVIOUS_NODE_OPTIONS;
const previousArgs = process.env.PREVIOUS_NODE_ARGS?.split(' ').filter(Boolean);
if (previous) {
  const env: Record<string, string> = previousOptions ? { NODE_OPTIONS: previousOptions } : {};
  builds.push(await startBuild('  previous build', previous, port + 2, [], env, previousArgs));
}
// Bare, as a user would start it: plain node, no flags or environment of ours.
const hello = await startBareServer('bench/hello-world.mjs', port + 1);

const helloWorld: Build = {
  name: 'hello-world',
  server: hello,
  rssAtStart: rssMb(hello.child.pid),
  headers: {},
  url: `${hello.url}/api/health`,
  runs: [],
  cpuUs: [],
};
const loadOf = (target: Build, duration: number) =>
  loadFromOwnProcess(
    target === helloWorld
      ? { url: target.url, duration }
      : { url: target.url, method: 'POST', headers: target.headers, body, duration },
  );
const targets = [...builds, helloWorld];
for (const target of targets) await loadOf(target, 5);
for (let round = 0; round < ROUNDS; round++) {
  for (const target of round % 2 ? [...targets].reverse() : targets) {
    // The server's CPU time per answer: unlike req/s, barely moved by what else the machine runs.
    const before = cpuMs(target.server.child.pid);
    const figures = await loadOf(target, ROUND_SECONDS);
    target.runs.push(figures);
    target.cpuUs.push(((cpuMs(target.server.child.pid) - before) * 1000) / figures.total);
  }
}
const baseline = helloWorld.runs;
const rssAfterLoad = builds.map((b) => rssMb(b.server.child.pid));
for (const build of builds) await build.server.stop();
await hello.stop();

const summary = (runs: LoadFigures[]) => ({
  requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)),
  p50: median(runs.map((r) => r.p50)),
  p99: median(runs.map((r) => r.p99)),
  non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
});
const table: [string, LoadFigures[]][] = [
  ...builds.map((b): [string, LoadFigures[]] => [b.name, b.runs]),
  ['hello-world', baseline],
];
const rows = [
  ['', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'rounds (req/s, p99)'],
  ...table.map(([name, runs]) => {
    const s = summary(runs);
    const each = runs.map((r) => `${r.requestsPerSecond}/${r.p99}`).join(' ');
    return [name, s.requestsPerSecond, s.p50, s.p99, s.non2xx, each];
  }),
];
printRows(rows, 20, 20);
const roundsOf = (cpuUs: number[]) => cpuUs.map((us) => us.toFixed(0)).join(' ');
const helloCpu = median(helloWorld.cpuUs);
process.stdout.write(
  `hello-world: server CPU per answer ${helloCpu.toFixed(0)} µs (rounds ${roundsOf(helloWorld.cpuUs)})\n`,
);
for (const [i, build] of builds.entries()) {
  const ratio = (summary(build.runs).requestsPerSecond / summary(baseline).requestsPerSecond) * 100;
  const cpu = median(build.cpuUs);
  const label = build.name.trim();
  process.stdout.write(
    `${label}: req/s ${ratio.toFixed(1)}% of hello-world's, CPU per answer ${cpu.toFixed(0)} µs ` +
      `(rounds ${roundsOf(build.cpuUs)}) ` +
      `= ${((helloCpu / cpu) * 100).toFixed(1)}% of hello-world's efficiency (targets ≥ 35% both; ` +
      `p99 ≤ 25 ms); RSS ${build.rssAtStart} MB after start, ${rssAfterLoad[i]} MB after the load ` +
      `(target ≤ 150 MB)\n`,
  );
}
