/**
 * Many explanations streaming at once (DESIGN.md §19, issue 53): N learners each ask for a new
 * explanation at the same moment and read its stream to the end, from a fake model that streams
 * ~450 words over 10 s in two-word deltas (sources on, from a fake Wikipedia), both in a process
 * of their own. The same N streams go through a bare node:http relay (bench/stream-relay.mjs,
 * plain `node`, no flags of ours), in alternating rounds of one run. Per round: whether all
 * completed, first words p50/p95, /api/health p99 meanwhile (one probe every 20 ms from this
 * process), peak RSS and CPU a stream; then the medians, and Grasp's first words p95 added to the
 * relay's.
 * Needs a build. Run: npm run bench:stream (BENCH_STREAMS=100,400,1000 sizes, default 400;
 * BENCH_ROUNDS rounds each, default 3; BENCH_PORT moves the servers; CPU_PROF_DIR=… profiles
 * the server, then npx tsx bench/profile-summary.ts <file>; PREVIOUS_BUILD=<an older
 * apps/server/dist/main.js> loads it too, in turn with the others, before and after in one run;
 * BENCH_OTEL=1 turns tracing on in this build, exporting to a local OTLP sink, to show its cost).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import {
  basePort,
  cpuMs,
  median,
  percentile,
  print,
  printRows,
  rssMb,
  type Started,
  signUp,
  startServer,
} from './lib.ts';

const SIZES = (process.env.BENCH_STREAMS ?? '400').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const USERS = 10;
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const profileDir = process.env.CPU_PROF_DIR;
const port = basePort(4600);

interface Vendors {
  model: string;
  wikipedia: string;
  collector: string;
  words: number;
  deltas: number;
}

async function startVendors(): Promise<{ child: ChildProcess; vendors: Vendors }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/stream-vendors.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const [line] = (await once(lines, 'line')) as [string];
  return { child, vendors: JSON.parse(line) as Vendors };
}

async function startRelay(modelUrl: string, at: number): Promise<Started> {
  const child = spawn('node', ['bench/stream-relay.mjs', modelUrl], {
    env: { PATH: process.env.PATH ?? '', PORT: String(at) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${at}`;
  for (let i = 0; i < 100; i++) {
    if (await fetch(`${url}/api/health`).catch(() => null)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, child, dataDir: '', stop };
}

/** Every bench user on the Enterprise plan: rounds ask far more than a Free month allows. */
function unlimited(dataDir: string): void {
  const serverRequire = createRequire(new URL('../apps/server/', import.meta.url));
  const SQLite = serverRequire('better-sqlite3') as typeof import('better-sqlite3');
  const db = new SQLite(join(dataDir, 'grasp.db'));
  db.prepare("update users set plan = 'enterprise'").run();
  db.prepare("update usage_cycles set plan = 'enterprise', unit_limit = null").run();
  db.close();
}

function healthOnce(url: string): Promise<number> {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = request(`${url}/api/health`, (res) => {
      res.resume();
      res.on('end', () => resolve(performance.now() - started));
    });
    req.on('error', () => resolve(Number.POSITIVE_INFINITY));
    req.end();
  });
}

interface ClientFigures {
  firstWords: number[];
  completed: number;
  failed: number;
  statuses: number[];
}

function runClients(settings: object): Promise<ClientFigures> {
  const child = spawn('node', ['bench/stream-clients.mjs', JSON.stringify(settings)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const out: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`stream clients exited with ${code}`));
      resolve(JSON.parse(Buffer.concat(out).toString('utf8')) as ClientFigures);
    });
  });
}

interface Round {
  allComplete: boolean;
  failed: number;
  firstP50: number;
  firstP95: number;
  healthP99: number;
  peakRss: number;
  cpuPerStreamMs: number;
  /** The fake model and Wikipedia's share of a core meanwhile: near 100%, they are the limit. */
  vendorsBusy: number;
}

let roundNumber = 0;
async function round(target: Started, path: string, n: number, tokens: string[]): Promise<Round> {
  const pid = target.child.pid;
  const cpuBefore = cpuMs(pid);
  const vendorsBefore = cpuMs(vendorsChild.pid);
  const startedAt = performance.now();
  let peakRss = rssMb(pid);
  let running = true;
  const health: number[] = [];
  const probing = (async () => {
    while (running) {
      health.push(await healthOnce(target.url));
      peakRss = Math.max(peakRss, rssMb(pid));
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const clients = await runClients({
    url: `${target.url}${path}`,
    n,
    tokens,
    prefix: `concept ${++roundNumber}`,
  });
  running = false;
  await probing;
  const cpu = cpuMs(pid) - cpuBefore;
  const vendorsBusy = (cpuMs(vendorsChild.pid) - vendorsBefore) / (performance.now() - startedAt);
  health.sort((a, b) => a - b);
  return {
    allComplete: clients.failed === 0,
    failed: clients.failed,
    firstP50: percentile(clients.firstWords, 50),
    firstP95: percentile(clients.firstWords, 95),
    healthP99: percentile(health, 99),
    peakRss,
    cpuPerStreamMs: cpu / n,
    vendorsBusy,
  };
}

const ms = (v: number) => (Number.isFinite(v) ? Math.round(v) : 'never');
const rowOf = (name: string, r: Round) => [
  name,
  r.allComplete ? 'yes' : `no (${r.failed} failed)`,
  ms(r.firstP50),
  ms(r.firstP95),
  ms(r.healthP99),
  r.peakRss,
  r.cpuPerStreamMs.toFixed(1),
  `${Math.round(r.vendorsBusy * 100)}%`,
];

const { child: vendorsChild, vendors } = await startVendors();
const graspEnv = {
  RATE_LIMIT_SCALE: '100000',
  LOG_LEVEL,
  OPENAI_API_KEY: 'sk-bench',
  OPENAI_BASE_URL: vendors.model,
  OPENAI_MODEL: 'gpt-bench',
  SOURCES: 'on',
  WIKIPEDIA_URL: vendors.wikipedia,
  // BENCH_OTEL=1: traces on (http/protobuf, the default), exported to a sink beside the model.
  ...(process.env.BENCH_OTEL === '1' ? { OTEL_EXPORTER_OTLP_ENDPOINT: vendors.collector } : {}),
};
const grasp = await startServer(
  'apps/server/dist/main.js',
  port,
  graspEnv,
  profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
);
const relay = await startRelay(vendors.model, port + 1);
const previousBuild = process.env.PREVIOUS_BUILD;
const previous = previousBuild ? await startServer(previousBuild, port + 2, graspEnv) : null;
/** Learners signed up on a Grasp server, all on the Enterprise plan. */
async function learners(server: Started): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < USERS; i++) tokens.push(await signUp(server, `streamer${Date.now()}${i}`));
  unlimited(server.dataDir);
  return tokens;
}
try {
  const tokens = await learners(grasp);
  const previousTokens = previous ? await learners(previous) : [];
  print(
    `model: ${vendors.words} words in ${vendors.deltas} deltas over ~10 s; ${USERS} learners; ${ROUNDS} rounds a size, relay and Grasp in turn`,
  );
  // One small unmeasured round each: V8 compiles the hot paths, as a running server has done.
  await round(grasp, '/api/ai/aiResponseGoogle', 20, tokens);
  await round(relay, '/relay', 20, tokens);
  if (previous) await round(previous, '/api/ai/aiResponseGoogle', 20, previousTokens);
  type Which = 'relay' | 'grasp' | 'previous';
  const run = (which: Which, n: number) =>
    which === 'relay'
      ? round(relay, '/relay', n, tokens)
      : which === 'grasp'
        ? round(grasp, '/api/ai/aiResponseGoogle', n, tokens)
        : round(previous as Started, '/api/ai/aiResponseGoogle', n, previousTokens);
  for (const n of SIZES) {
    const rounds: Record<Which, Round[]> = { relay: [], grasp: [], previous: [] };
    const rows: (string | number)[][] = [];
    const kinds: Which[] = previous ? ['relay', 'grasp', 'previous'] : ['relay', 'grasp'];
    for (let r = 0; r < ROUNDS; r++) {
      // Each kind first in turn: what runs after another may pay for its leftovers.
      const order = kinds.map((_, i) => kinds[(i + r) % kinds.length] as Which);
      for (const which of order) {
        const result = await run(which, n);
        rounds[which].push(result);
        rows.push(rowOf(`  round ${r + 1} ${which}`, result));
      }
    }
    const mid = (list: Round[], pick: (r: Round) => number) => median(list.map(pick));
    const summary = (list: Round[]): Round => ({
      allComplete: list.every((r) => r.allComplete),
      failed: list.reduce((s, r) => s + r.failed, 0),
      firstP50: mid(list, (r) => r.firstP50),
      firstP95: mid(list, (r) => r.firstP95),
      healthP99: mid(list, (r) => r.healthP99),
      peakRss: Math.max(...list.map((r) => r.peakRss)),
      cpuPerStreamMs: mid(list, (r) => r.cpuPerStreamMs),
      vendorsBusy: mid(list, (r) => r.vendorsBusy),
    });
    const g = summary(rounds.grasp);
    const b = summary(rounds.relay);
    print(`\n${n} concurrent new explanations`);
    printRows(
      [
        [
          '',
          'all done',
          'first p50',
          'first p95',
          'health p99',
          'peak RSS',
          'CPU/stream',
          'vendors busy',
        ],
        ...rows,
        rowOf('median relay', b),
        rowOf('median Grasp', g),
        ...(previous ? [rowOf('median previous', summary(rounds.previous))] : []),
      ],
      22,
      12,
    );
    const against = (name: string, x: Round) =>
      print(
        `${name}: first words p95 +${ms(x.firstP95 - b.firstP95)} ms over the relay; CPU a stream ${(x.cpuPerStreamMs / b.cpuPerStreamMs).toFixed(2)}x the relay's; health p99 ${ms(x.healthP99)} ms; peak RSS ${x.peakRss} MB`,
      );
    against('Grasp', g);
    if (previous) against('previous build', summary(rounds.previous));
  }
} finally {
  await grasp.stop();
  await relay.stop();
  await previous?.stop();
  vendorsChild.kill('SIGTERM');
}
