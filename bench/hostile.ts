/**
 * Hostile uploads (issue 37): the built server is sent, again and again from several clients at
 * once (each its own learner), a 100-page PDF whose pages all draw one heavy content stream and a
 * 5,000-page PDF, while GET /api/health and a cached explanation are asked every 25 ms whether or
 * not the last answer came (so a stalled event loop shows in every probe it delays). Prints both
 * probes' p50/p99 with no uploads (the baseline, same run) and during the uploads, the uploads'
 * answers, and the server's memory growth (its PDF-reading children included: RSS summed, which
 * counts node's shared code once per process, and PSS, which does not). Goals during the
 * uploads: p99 ≤ 50 ms for both probes, RSS growth ≤ 60 MB.
 * Before them, on a server that has read nothing yet, a 1 MiB PDF inflating to 1 GiB (issue 50:
 * RSS growth ≤ 150 MB); after them issue 50's other attacks (bench/hostile-uploads.ts): one Free
 * account sending 380 KiB PDFs of `q Q` five at a time while another learner uploads a 2-page PDF
 * (each accepted within 10 s), and thirty 9.9 MB uploads from one account that never finish (RSS
 * growth ≤ 100 MB, none open past 60 s).
 * Needs a build (npm run build). Run: npm run bench:hostile
 * PREVIOUS_BUILD=<an older apps/server/dist/main.js> measures it too, after this build (before and
 * after in one run); BENCH_PORT moves the servers; HOSTILE_SECONDS the upload phase (default 30);
 * CPU_PROF_DIR profiles the servers (main thread and PDF workers, one file each).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { manyPagesPdf, sharedStreamPdf } from '../apps/server/src/test/hostile-pdfs.ts';
import {
  describeMemory,
  inflating,
  memoryOf,
  memoryPeak,
  slowBodies,
  starving,
  tallyAnswers,
} from './hostile-uploads.ts';
import {
  basePort,
  percentile,
  print,
  printRows,
  type Started,
  signUp,
  startServer,
} from './lib.ts';

const PROBE_EVERY_MS = 25;
const BASELINE_MS = 10_000;
const UPLOAD_MS = Number(process.env.HOSTILE_SECONDS ?? 30) * 1000;
const UPLOADERS = 6;
const port = basePort(3360);
// CPU_PROF_DIR=dir: the servers write V8 profiles there (bench/profile-summary.ts reads them).
const profileDir = process.env.CPU_PROF_DIR;
const explainBody = JSON.stringify({
  query: 'gravity',
  template: 'default',
  difficulty: 'beginner',
  provider: 'offline',
});
const pdfs = [
  { name: 'shared-stream.pdf', bytes: sharedStreamPdf() },
  { name: 'five-thousand.pdf', bytes: manyPagesPdf(5000) },
];

interface Probe {
  name: string;
  send(): Promise<Response>;
}

/** Fires every probe each PROBE_EVERY_MS until stopped, without waiting for earlier answers. */
function probing(probes: Probe[]) {
  const samples = new Map<string, number[]>(probes.map((p) => [p.name, []]));
  const failures = new Map<string, number>(probes.map((p) => [p.name, 0]));
  const pending = new Set<Promise<void>>();
  const timer = setInterval(() => {
    for (const probe of probes) {
      const started = performance.now();
      const done = probe
        .send()
        .then(async (res) => {
          await res.arrayBuffer();
          if (!res.ok) throw new Error(String(res.status));
          samples.get(probe.name)?.push(performance.now() - started);
        })
        .catch(() => {
          failures.set(probe.name, (failures.get(probe.name) ?? 0) + 1);
        })
        .finally(() => pending.delete(done));
      pending.add(done);
    }
  }, PROBE_EVERY_MS);
  return async () => {
    clearInterval(timer);
    await Promise.all(pending);
    return probes.map((p) => {
      const sorted = (samples.get(p.name) ?? []).sort((a, b) => a - b);
      const ms = (q: number) => Math.round(percentile(sorted, q) * 10) / 10;
      return {
        name: p.name,
        n: sorted.length,
        p50: ms(50),
        p99: ms(99),
        failed: failures.get(p.name),
      };
    });
  };
}

/** The server's own event-loop delay (bench/loop-delay.mjs): the largest in a span of time. */
function loopDelay(file: string, from: number, to: number) {
  const spans = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split(' ').map(Number))
    .filter(([at]) => at !== undefined && at >= from && at <= to + 250);
  return Math.round(Math.max(0, ...spans.map(([, ms]) => ms ?? 0)));
}

type Answer = { status: number | string; materialId?: string; code?: string };

/** One client uploading the hostile PDFs in turn until the phase ends; a stored one is deleted. */
async function uploader(server: Started, token: string, first: number, until: number) {
  const statuses: string[] = [];
  for (let i = first; performance.now() < until; i++) {
    const pdf = pdfs[i % pdfs.length] ?? pdfs[0];
    if (!pdf) break;
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(pdf.bytes)], { type: 'application/pdf' }),
      pdf.name,
    );
    const started = performance.now();
    const answer = await fetch(`${server.url}/api/materials`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    })
      .then(async (res) => ({ ...((await res.json()) as Answer), status: res.status }))
      .catch((error: unknown) => ({ status: 'failed', code: String(error) }) as Answer);
    const ms = Math.round(performance.now() - started);
    statuses.push(`${pdf.name} ${answer.status} ${answer.code ?? ''} ${ms}`);
    const body = answer;
    if (body.materialId) {
      await fetch(`${server.url}/api/materials/${body.materialId}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      });
    }
    // A hostile client ignores Retry-After; the short pause only keeps this process's own
    // sending from crowding out its probes.
    if (answer.status === 503 || answer.status === 'failed') {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return statuses;
}

async function measure(name: string, script: string, at: number) {
  const delayFile = join(mkdtempSync(join(tmpdir(), 'grasp-hostile-')), 'loop-delay');
  const server = await startServer(
    script,
    at,
    { RATE_LIMIT_SCALE: '1000', LOG_LEVEL: 'warn', LOOP_DELAY_FILE: delayFile },
    [
      '--import',
      new URL('./loop-delay.mjs', import.meta.url).href,
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    ],
  );
  try {
    const stamp = Date.now().toString(36);
    const token = await signUp(server, `hostile${stamp}`);
    // One learner each: one learner's uploads are read one at a time.
    const uploaders = [token];
    for (let i = 1; i < UPLOADERS; i++) uploaders.push(await signUp(server, `up${i}${stamp}`));
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const explain = () =>
      fetch(`${server.url}/api/ai/aiResponseGoogle`, {
        method: 'POST',
        headers,
        body: explainBody,
      });
    const warm = await explain();
    if (!warm.ok) throw new Error(`${name}: warm-up failed: ${warm.status} ${await warm.text()}`);
    // The inflating PDF first, on a server that has read nothing yet.
    const bomb = await inflating(server, await signUp(server, `bomb${stamp}`));
    const probes: Probe[] = [
      { name: 'GET /api/health', send: () => fetch(`${server.url}/api/health`) },
      { name: 'cached explanation', send: explain },
    ];
    const baselineFrom = Date.now();
    const stopBaseline = probing(probes);
    await new Promise((r) => setTimeout(r, BASELINE_MS));
    const baseline = await stopBaseline();
    const baselineDelay = loopDelay(delayFile, baselineFrom, Date.now());
    const rssBefore = memoryOf(server.child.pid);
    const uploadsFrom = Date.now();
    const stopRss = memoryPeak(server.child.pid);
    const stopProbes = probing(probes);
    const until = performance.now() + UPLOAD_MS;
    const uploads = (
      await Promise.all(uploaders.map((t, i) => uploader(server, t, i, until)))
    ).flat();
    const during = await stopProbes();
    const peak = stopRss();
    const uploadsDelay = loopDelay(delayFile, uploadsFrom, Date.now());
    const rssAfter = memoryOf(server.child.pid);
    // Issue 50's attacks, each from accounts of its own.
    const mallory = await signUp(server, `mallory${stamp}`);
    const asha = await signUp(server, `asha${stamp}`);
    const starve = await starving(server, mallory, asha);
    const slow = await slowBodies(server, await signUp(server, `slow${stamp}`));
    return {
      bomb,
      starve,
      slow,
      name,
      baseline,
      during,
      uploads,
      rssBefore,
      peak,
      rssAfter,
      baselineDelay,
      uploadsDelay,
    };
  } finally {
    // A server that died under the uploads has nothing left to stop.
    if (server.child.exitCode === null && server.child.signalCode === null) await server.stop();
  }
}

/** "shared-stream.pdf 422 PDF_TOO_HEAVY" → count, and the slowest answer of each kind. */
function tally(uploads: string[]) {
  const kinds = new Map<string, { n: number; slowest: number }>();
  for (const line of uploads) {
    const parts = line.split(' ');
    const ms = Number(parts.pop());
    const key = parts.join(' ').trim();
    const kind = kinds.get(key) ?? { n: 0, slowest: 0 };
    kinds.set(key, { n: kind.n + 1, slowest: Math.max(kind.slowest, ms) });
  }
  return [...kinds].map(
    ([key, k]) => `${k.n} × ${key} (slowest ${(k.slowest / 1000).toFixed(1)} s)`,
  );
}

print(
  `PDFs: ${pdfs.map((p) => `${p.name} ${(p.bytes.length / 1024).toFixed(0)} KB`).join(', ')}; ` +
    `${UPLOADERS} clients uploading for ${UPLOAD_MS / 1000} s; probes every ${PROBE_EVERY_MS} ms`,
);
const builds = [['this build', 'apps/server/dist/main.js']];
if (process.env.PREVIOUS_BUILD) builds.push(['previous build', process.env.PREVIOUS_BUILD]);
for (const [i, [name, script]] of builds.entries()) {
  const run = await measure(name ?? '', script ?? '', port + i);
  print(`\n${run.name}`);
  printRows(
    [
      ['probe', 'baseline p50', 'baseline p99', 'uploads p50', 'uploads p99', 'answered', 'failed'],
      ...run.baseline.map((b, j) => {
        const d = run.during[j];
        return [
          b.name,
          b.p50,
          b.p99,
          d?.p50 ?? '',
          d?.p99 ?? '',
          `${b.n}/${d?.n}`,
          `${b.failed}/${d?.failed}`,
        ];
      }),
    ],
    22,
    14,
  );
  print(
    `memory of the server and its readers: ${describeMemory(run.rssBefore, run.peak, run.rssAfter)}` +
      `${run.rssAfter.rss ? '' : ' (the server DIED)'}; ` +
      `its longest event-loop stall ${run.baselineDelay} ms with no uploads, ${run.uploadsDelay} ms during them`,
  );
  for (const line of tally(run.uploads)) print(`  ${line}`);
  const { bomb, starve, slow } = run;
  print(
    `inflating PDF (${bomb.kib} KiB → 1 GiB), ${bomb.answers.length} in turn: ${tallyAnswers(bomb.answers)}; ` +
      `${describeMemory(bomb.before, bomb.peak, bomb.after)} (2 s after)`,
  );
  const accepted = starve.learners.filter((a) => a.status === 200);
  print(
    `starving (${starve.kib} KiB q Q PDFs, 5 at a time from one Free account, 30 s): another learner's 2-page PDF ` +
      `${accepted.length}/${starve.learners.length} accepted, slowest ${Math.max(0, ...starve.learners.map((a) => a.ms)) / 1000} s: ` +
      `${tallyAnswers(starve.learners)}; the attacker got ${tallyAnswers(starve.attacks)}`,
  );
  print(
    `slow bodies (30 × 9.9 MB from one account, all but 1,000 bytes sent, then a byte a second): answers ${slow.answers}; ` +
      `${slow.openAt60} open at 60 s, ${slow.openAtEnd} still open at the end, longest ${slow.longestOpenS} s; ` +
      describeMemory(slow.before, slow.peak, slow.after),
  );
}
print('\ngoals during the uploads: p99 ≤ 50 ms for both probes, RSS growth ≤ 60 MB');
print(
  'goals of issue 50: inflating PDF RSS growth ≤ 150 MB; every small PDF of another learner accepted within 10 s; ' +
    'slow bodies RSS growth ≤ 100 MB, none open past 60 s',
);
