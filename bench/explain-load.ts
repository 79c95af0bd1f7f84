/**
 * Load on an authenticated, cached explanation beside a bare Fastify hello-world started in the
 * same run (50 connections, 10 s each), plus server memory before and after.
 * Needs a build (npm run build). Run: npx tsx bench/explain-load.ts
 * Set DATABASE_URL=postgres://… to run the server on PostgreSQL instead of SQLite.
 */
import { basePort, load, rssMb, signUp, startServer } from './lib.ts';

const port = basePort(3301);
const server = await startServer('apps/server/dist/main.js', port, { RATE_LIMIT_SCALE: '100000' });
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

const grasp = await load({ url, method: 'POST', headers, body });
const rssAfterLoad = rssMb(server.child.pid);
await server.stop();

const hello = await startServer('bench/hello-world.mjs', port + 1);
const baseline = await load({ url: `${hello.url}/api/health` });
await hello.stop();

const ratio = ((grasp.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(1);
const rows = [
  ['', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx'],
  ['cached explanation', grasp.requestsPerSecond, grasp.p50, grasp.p99, grasp.non2xx],
  ['hello-world', baseline.requestsPerSecond, baseline.p50, baseline.p99, baseline.non2xx],
];
for (const row of rows) process.stdout.write(`${row.map((c) => String(c).padEnd(20)).join('')}\n`);
process.stdout.write(`ratio to hello-world: ${ratio}% (target ≥ 35%); p99 target ≤ 25 ms\n`);
process.stdout.write(
  `server RSS: ${rssAtStart} MB after start, ${rssAfterLoad} MB after the load (target ≤ 150 MB)\n`,
);
