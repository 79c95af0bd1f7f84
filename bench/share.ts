/**
 * A shared explanation's public page, GET /s/{shareId}, as a chat full of people opens it: 50
 * connections, 10 s a round, with a browser's Accept-Encoding, in turn with a bare Fastify
 * hello-world started in the same run (three rounds each, medians reported: on a small shared
 * machine the hello-world's figures say how much of the tail is the machine's). Also what the
 * page weighs on the wire (HTML with its inlined CSS, gzip and brotli; goal ≤ 30 KiB, no script
 * needed) and what a first view costs before the rendering is kept.
 * Needs a build (npm run build). Run: npm run bench:share (BENCH_PORT moves the server).
 * Set DATABASE_URL=postgres://… to run the server on PostgreSQL instead of SQLite.
 */
import { request } from 'node:http';
import {
  basePort,
  cpuMs,
  type LoadFigures,
  load,
  median,
  rssMb,
  signUp,
  startServer,
} from './lib.ts';

const ROUNDS = 3;
const FIRST_VIEWS = ['photosynthesis', 'osmosis', 'volcano', 'democracy', 'algebra', 'enzyme'];
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

/** The bytes a browser receives for a page, as the server sends them in one encoding. */
function wire(url: string, encoding: string): Promise<{ bytes: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        resolve({ bytes: raw.length, body: encoding === 'identity' ? raw.toString('utf8') : '' });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const port = basePort(3401);
// CPU_PROF_DIR=… writes the server's CPU profile there (bench/profile-summary.ts reads it).
const profileDir = process.env.CPU_PROF_DIR;
const server = await startServer(
  'apps/server/dist/main.js',
  port,
  { RATE_LIMIT_SCALE: '100000' },
  profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
);
const hello = await startServer('bench/hello-world.mjs', port + 1);
try {
  const token = await signUp(server, `bench${Date.now()}`);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, string>;
  };
  const shareOf = async (query: string) => {
    const explained = await post('/api/ai/aiResponseGoogle', { query, provider: 'offline' });
    return post('/api/share', { explanationId: explained.explanationId });
  };

  // First views: each page rendered from the database, then kept.
  const firstViews: number[] = [];
  for (const query of FIRST_VIEWS) {
    const { url } = await shareOf(query);
    const started = performance.now();
    const res = await fetch(String(url), { headers: { 'accept-encoding': BROWSER_ENCODINGS } });
    await res.arrayBuffer();
    firstViews.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`first view of ${query}: ${res.status}`);
  }

  const { url } = await shareOf('gravity');
  const page = String(url);
  const plain = await wire(page, 'identity');
  const gzip = await wire(page, 'gzip');
  const br = await wire(page, 'br');
  const scripts = [...plain.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
  const external = scripts.filter(([, attributes = '']) => /\bsrc=/.test(attributes)).length;
  const inlineBytes = scripts.reduce((sum, [, , code = '']) => sum + code.length, 0);
  const stylesheets = (plain.body.match(/<link[^>]+rel="stylesheet"/g) ?? []).length;

  const rssBefore = rssMb(server.child.pid);
  const rounds: LoadFigures[] = [];
  const baseline: LoadFigures[] = [];
  // The server's own CPU time per page: what the machine's other load and the load generator
  // (which reads every byte of every page on the same cores) do not change much.
  const cpuPerPage: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const cpuBefore = cpuMs(server.child.pid);
    const figures = await load({ url: page, headers: { 'accept-encoding': BROWSER_ENCODINGS } });
    cpuPerPage.push(
      ((cpuMs(server.child.pid) - cpuBefore) * 1000) / (figures.requestsPerSecond * 10),
    );
    rounds.push(figures);
    baseline.push(await load({ url: `${hello.url}/api/health` }));
  }
  const rssAfter = rssMb(server.child.pid);

  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const p99 = median(rounds.map((r) => r.p99));
  const errors = rounds.reduce((sum, r) => sum + r.errors, 0);
  const lines = [
    `GET /s/{shareId}, 50 connections, ${ROUNDS} rounds of 10 s (median): ${median(rounds.map((r) => r.requestsPerSecond))} req/s, p50 ${median(rounds.map((r) => r.p50))} ms, p99 ${p99} ms (goal ≤ 25 ms), errors ${errors}`,
    `  rounds (req/s, p99 ms): ${rounds.map((r) => `${r.requestsPerSecond}/${r.p99}`).join('  ')}; server CPU per page: ${Math.round(median(cpuPerPage))} µs`,
    `hello-world beside it (median): ${median(baseline.map((r) => r.requestsPerSecond))} req/s, p50 ${median(baseline.map((r) => r.p50))} ms, p99 ${median(baseline.map((r) => r.p99))} ms; rounds ${baseline.map((r) => `${r.requestsPerSecond}/${r.p99}`).join('  ')}`,
    `first view, before the rendering is kept (${FIRST_VIEWS.length} pages): median ${median(firstViews).toFixed(1)} ms, max ${Math.max(...firstViews).toFixed(1)} ms`,
    `page weight (HTML with inlined CSS): ${kib(plain.bytes)} raw, ${kib(gzip.bytes)} gzip, ${kib(br.bytes)} brotli (goal ≤ 30 KiB gzip)`,
    `  stylesheets to fetch: ${stylesheets}; scripts to fetch: ${external}; inline script: ${inlineBytes} B (the theme, optional: the page is whole without it)`,
    `server RSS: ${rssBefore} MB before the load, ${rssAfter} MB after`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await server.stop();
  await hello.stop();
}
