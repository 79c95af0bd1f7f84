/**
 * Load on an authenticated, cached explanation beside a bare Fastify hello-world started in the
 * same run (50 connections, 10 s a round), plus server memory before and after. The two are loaded
 * in turn, three rounds each, and compared by their medians: on a small shared machine one round
 * of either can be 10–40% off the others, which a single pair turns into a ratio that means little.
 * Needs a build (npm run build). Run: npx tsx bench/explain-load.ts
 * Set DATABASE_URL=postgres://… to run the server on PostgreSQL instead of SQLite, and
 * CPU_PROF_DIR=… to profile the server (then: npx tsx bench/profile-summary.ts <file>).
 */
import { basePort, cpuMs, type LoadFigures, load, rssMb, signUp, startServer } from './lib.ts';

const ROUNDS = 3;
const port = basePort(3301);
// CPU_PROF_DIR=dir: the server writes a V8 profile there on exit (bench/profile-summary.ts reads it).
const profileDir = process.env.CPU_PROF_DIR;
const server = await startServer(
  'apps/server/dist/main.js',
  port,
  { RATE_LIMIT_SCALE: '100000' },
  profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
);
const hello = await startServer('bench/hello-world.mjs', port + 1);
const rssAtStart = rssMb(server.child.pid);
const token = await signUp(server, `bench${Date.now()}`);
const url = `${server.url}/api/ai/aiResponseGoogle`;
const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
const body = JSON.stringify({
  query: 'gravity',
  template: 'default',
  difficulty: 'beginner',
  provider: 'offline',
});
const first = await fetch(url, { method: 'POST', headers, body });
if (!first.ok) throw new Error(`warm-up failed: ${first.status} ${await first.text()}`);

const grasp: LoadFigures[] = [];
const baseline: LoadFigures[] = [];
// The server's CPU time per answer: unlike req/s, barely moved by what else the machine runs.
let graspCpuMs = 0;
for (let round = 0; round < ROUNDS; round++) {
  const before = cpuMs(server.child.pid);
  grasp.push(await load({ url, method: 'POST', headers, body }));
  graspCpuMs += cpuMs(server.child.pid) - before;
  baseline.push(await load({ url: `${hello.url}/api/health` }));
}
const rssAfterLoad = rssMb(server.child.pid);
await server.stop();
await hello.stop();

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
const summary = (runs: LoadFigures[]) => ({
  requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)),
  p50: median(runs.map((r) => r.p50)),
  p99: median(runs.map((r) => r.p99)),
  non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
});
const rows = [
  ['', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'rounds (req/s, p99)'],
  ...(
    [
      ['cached explanation', grasp],
      ['hello-world', baseline],
    ] as const
  ).map(([name, runs]) => {
    const s = summary(runs);
    const each = runs.map((r) => `${r.requestsPerSecond}/${r.p99}`).join(' ');
    return [name, s.requestsPerSecond, s.p50, s.p99, s.non2xx, each];
  }),
];
for (const row of rows) process.stdout.write(`${row.map((c) => String(c).padEnd(20)).join('')}\n`);
const ratio = (summary(grasp).requestsPerSecond / summary(baseline).requestsPerSecond) * 100;
process.stdout.write(
  `ratio of medians to hello-world: ${ratio.toFixed(1)}% (target ≥ 35%); p99 target ≤ 25 ms\n`,
);
process.stdout.write(
  `server RSS: ${rssAtStart} MB after start, ${rssAfterLoad} MB after the load (target ≤ 150 MB)\n`,
);
const answered = grasp.reduce((sum, r) => sum + r.total, 0);
process.stdout.write(
  `server CPU per cached explanation: ${((graspCpuMs * 1000) / Math.max(answered, 1)).toFixed(0)} µs (${answered} answered)\n`,
);
