/** Shared pieces of the load benchmarks: start servers, sign in through the real API, measure. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Challenge } from 'altcha-lib/types';
import autocannon from 'autocannon';
import type PgModule from 'pg';

export interface Started {
  url: string;
  child: ChildProcess;
  dataDir: string;
  stop(): Promise<void>;
}

async function waitFor(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

/**
 * A baseline started as its users would: plain `node` from PATH, no flags, no environment of ours
 * but the port (DESIGN's bare hello-world).
 */
export async function startBareServer(script: string, port: number): Promise<Started> {
  const child = spawn('node', [script], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`);
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, child, dataDir: '', stop };
}

/**
 * The flags `npm run serve` and the Docker image give node on its command line (NODE_OPTIONS
 * refuses them): V8's garbage collector on the request thread, not on helper threads that fought
 * it for the same cores (see the Dockerfile).
 */
export const SERVE_NODE_ARGS = ['--single-threaded-gc'];

export async function startServer(
  script: string,
  port: number,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
  /** How long the server may take to answer its health check (a loaded machine starts slowly). */
  readyWithinMs = 30_000,
  /** Those of `npm run serve`, or those an older build shipped with. */
  serveArgs: string[] = SERVE_NODE_ARGS,
): Promise<Started> {
  // A server left on the port would answer the health check below and be measured instead.
  if (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null)) {
    throw new Error(`port ${port} is taken: stop what listens there first`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'grasp-bench-'));
  const child = spawn(process.execPath, [...serveArgs, ...nodeArgs, script], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // As `npm run serve` and the Docker image run the server: argon2's 19 MiB buffers go back
      // to the system instead of staying in glibc's heap after a sign-in.
      MALLOC_MMAP_THRESHOLD_: '131072',
      // As they run it too: a young generation of 2 × 8 MiB instead of V8's 2 × 16 MiB, and a heap
      // limit that keeps V8 from letting old space grow to 4× the live heap between collections.
      NODE_OPTIONS: '--max-semi-space-size=8 --max-old-space-size=512',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`, readyWithinMs);
  return {
    url,
    child,
    dataDir,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** CPU time a process has used so far (user + system), in ms: /proc/<pid>/stat, clock ticks of 10 ms. */
export function cpuMs(pid: number | undefined): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export function rssMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function solveCaptcha(url: string): Promise<string> {
  const body = (await (await fetch(`${url}/api/auth/captcha`)).json()) as { challenge: Challenge };
  const solution = await solveChallenge({ challenge: body.challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge: body.challenge, solution })).toString('base64');
}

function outboxToken(dataDir: string): string {
  const dir = join(dataDir, 'outbox');
  const file = readdirSync(dir).sort().at(-1) ?? '';
  const text = readFileSync(join(dir, file), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return /verify-email\?token=([\w-]+)/.exec(text)?.[1] ?? '';
}

/** The link's token once the mail is written: it goes out after the answer, later on a slow machine. */
async function mailedToken(dataDir: string, timeoutMs = 60_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const token = outboxToken(dataDir);
      if (token) return token;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (Date.now() > deadline) throw new Error(`no verification mail in ${dataDir}/outbox`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Registers, verifies by the mailed link and signs in, as a person would. Returns the token. */
export async function signUp(server: Started, username: string, pin = '1234'): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/api/auth/register', {
    username,
    email: `${username}@example.com`,
    mobile: '9876543210',
    pin,
    confirm_pin: pin,
    fullName: 'Bench User',
    planType: 'free',
    acceptTerms: true,
    turnstileToken: await solveCaptcha(server.url),
  });
  await fetch(`${server.url}/api/auth/verify-email?token=${await mailedToken(server.dataDir)}`);
  const login = (await (await post('/api/auth/login', { username, password: pin })).json()) as {
    token: string;
  };
  return login.token;
}

export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** non-2xx answers plus requests that failed or timed out */
  errors: number;
  /** Requests answered in the round. */
  total: number;
}

/** First port of a benchmark's servers: BENCH_PORT, so parallel runs can keep apart. */
export function basePort(fallback: number): number {
  return Number(process.env.BENCH_PORT ?? fallback);
}

function loadFigures(result: autocannon.Result): LoadFigures {
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.non2xx + result.errors + result.timeouts,
    total: result.requests.total,
  };
}

export async function load(options: autocannon.Options): Promise<LoadFigures> {
  return loadFigures(await autocannon({ connections: 50, duration: 10, ...options }));
}

/** One round as `load`, from a plain `node` process of its own (bench/load-process.mjs). */
export function loadFromOwnProcess(options: autocannon.Options): Promise<LoadFigures> {
  const script = new URL('./load-process.mjs', import.meta.url).pathname;
  const settings = JSON.stringify({ connections: 50, duration: 10, ...options });
  const child = spawn('node', [script, settings], { stdio: ['ignore', 'pipe', 'inherit'] });
  const output: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      resolve(loadFigures(JSON.parse(Buffer.concat(output).toString('utf8'))));
    });
  });
}

const serverRequire = createRequire(new URL('../apps/server/', import.meta.url));
/** The pg driver the server uses (the bench workspace has none of its own). */
export const pg: typeof PgModule = serverRequire('pg');
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Runs a bench on a PostgreSQL database of its own, dropped afterwards. */
export async function onFreshPostgres<T>(
  run: (env: { DATABASE_URL: string }) => Promise<T>,
): Promise<T> {
  const name = `grasp_bench_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    return await run({ DATABASE_URL: url.toString() });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** How long a kept bench database is reused: its rows are dated relative to the day it was filled. */
const SEED_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Runs a bench on a PostgreSQL database that is filled once and kept for the next run, as long
 * as `name` (which must carry the seed's version and sizes) stays the same and the seed is less
 * than a week old; BENCH_RESEED=1 fills it anew. A finished seed is marked by a `bench_seed`
 * row, so an interrupted one is redone. Kept databases of other names under `prefix` (older
 * seed versions or sizes) are dropped when a new one is filled.
 */
export async function onSeededPostgres<T>(
  prefix: string,
  name: string,
  seed: (env: { DATABASE_URL: string }) => Promise<void>,
  run: (env: { DATABASE_URL: string; reused: boolean }) => Promise<T>,
): Promise<T> {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const DATABASE_URL = url.toString();
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  let reused = false;
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount && process.env.BENCH_RESEED !== '1') {
      const kept = new pg.Client({ connectionString: DATABASE_URL });
      await kept.connect();
      try {
        const marker = await kept
          .query<{ seeded_at: Date }>('select seeded_at from bench_seed')
          .catch(() => ({ rows: [] as { seeded_at: Date }[] }));
        const at = marker.rows[0]?.seeded_at;
        reused = at !== undefined && Date.now() - at.getTime() < SEED_KEPT_MS;
      } finally {
        await kept.end();
      }
    }
    if (!reused) {
      const stale = await admin.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`${prefix}%`],
      );
      for (const { datname } of stale.rows) {
        await admin.query(`drop database if exists ${datname} with (force)`);
      }
      await admin.query(`create database ${name}`);
    }
  } finally {
    await admin.end();
  }
  if (!reused) {
    await seed({ DATABASE_URL });
    const kept = new pg.Client({ connectionString: DATABASE_URL });
    await kept.connect();
    try {
      await kept.query('create table bench_seed (seeded_at timestamptz not null)');
      await kept.query('insert into bench_seed values (now())');
    } finally {
      await kept.end();
    }
  }
  return run({ DATABASE_URL, reused });
}

/** A bench on SQLite, then on a fresh PostgreSQL with its server on the next port. */
export async function onBothDatabases<T>(
  bench: (env: Record<string, string>, portOffset: number) => Promise<T>,
) {
  return [
    ['SQLite', await bench({}, 0)],
    ['PostgreSQL', await onFreshPostgres((env) => bench(env, 1))],
  ] as const;
}

/** The machine's own noise floor: a bare Fastify answering one connection, in the same run. */
export async function helloWorldFloor(port: number): Promise<LoadFigures> {
  const hello = await startServer('bench/hello-world.mjs', port);
  try {
    return await load({ url: `${hello.url}/api/health`, connections: 1 });
  } finally {
    await hello.stop();
  }
}

/** Rows of figures as aligned columns, the first one wide enough for a scenario's name. */
export function printRows(
  rows: readonly (readonly (string | number)[])[],
  firstWidth = 34,
  width = 10,
): void {
  for (const row of rows)
    process.stdout.write(
      `${row.map((c, i) => String(c).padEnd(i === 0 ? firstWidth : width)).join('')}\n`,
    );
}

/** The head of a table of load rounds, and one round's row under it. */
export const LOAD_HEADER = ['database / scenario', 'req/s', 'p50 ms', 'p99 ms', 'errors'];
export const loadRow = (label: string, f: LoadFigures) => [
  label,
  f.requestsPerSecond,
  f.p50,
  f.p99,
  f.errors,
];

/** The middle of the values (the upper one of an even count). */
export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

/** The p-th percentile (0 to 100) of values sorted ascending; 0 when there are none. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export function print(line: string): void {
  process.stdout.write(`${line}\n`);
}
