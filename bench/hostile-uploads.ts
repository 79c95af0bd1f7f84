/**
 * The upload attacks of issue 50, each against a running server (bench/hostile.ts runs them on
 * this build and on PREVIOUS_BUILD): a PDF that inflates to 1 GiB, one Free account starving
 * everyone else's uploads, and thirty 9.9 MB uploads that never finish. Memory is the server's
 * and its children's (PDF readers may be processes of their own).
 */
import { connect, type Socket } from 'node:net';
import { inflatingPdf, pushPopPdf } from '../apps/server/src/test/hostile-pdfs.ts';
import { twoPagePdf } from '../apps/server/src/test/material-pdfs.ts';
import { treePssMb, treeRssMb } from '../apps/server/src/test/process-memory.ts';
import type { Started } from './lib.ts';

/** The server's and its children's resident memory in MB, 0 once it has died. */
export function treeRss(pid: number | undefined): number {
  try {
    return Math.round(treeRssMb(pid ?? 0));
  } catch {
    return 0;
  }
}

/** The same as proportional set size (pages the processes share counted once), in MB. */
export function treePss(pid: number | undefined): number {
  try {
    return Math.round(treePssMb(pid ?? 0));
  } catch {
    return 0;
  }
}

/** Memory now: RSS summed over the server and its children, and their PSS. */
export interface Memory {
  rss: number;
  pss: number;
}
export const memoryOf = (pid: number | undefined): Memory => ({
  rss: treeRss(pid),
  pss: treePss(pid),
});

/** Samples the tree's memory every 50 ms; answers the peaks. */
export function memoryPeak(pid: number | undefined) {
  const peak = memoryOf(pid);
  const sample = () => {
    const now = memoryOf(pid);
    peak.rss = Math.max(peak.rss, now.rss);
    peak.pss = Math.max(peak.pss, now.pss);
  };
  const timer = setInterval(sample, 50);
  return () => {
    clearInterval(timer);
    sample();
    return peak;
  };
}

/** "RSS 130 → peak 270 MB (+140), PSS 100 → peak 180 MB (+80), after: RSS 150, PSS 120 MB" */
export function describeMemory(before: Memory, peak: Memory, after: Memory): string {
  return (
    `RSS ${before.rss} → peak ${peak.rss} MB (growth ${peak.rss - before.rss} MB), ` +
    `PSS ${before.pss} → peak ${peak.pss} MB (growth ${peak.pss - before.pss} MB); ` +
    `after: RSS ${after.rss}, PSS ${after.pss} MB`
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Answer {
  status: number | string;
  code?: string;
  ms: number;
}

export async function upload(
  server: Started,
  token: string,
  bytes: Uint8Array,
  name: string,
): Promise<Answer> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  const started = performance.now();
  try {
    const res = await fetch(`${server.url}/api/materials`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = (await res.json().catch(() => ({}))) as { code?: string; materialId?: string };
    if (body.materialId) {
      await fetch(`${server.url}/api/materials/${body.materialId}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      });
    }
    return { status: res.status, code: body.code, ms: Math.round(performance.now() - started) };
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code ?? String(error);
    return { status: 'failed', code, ms: Math.round(performance.now() - started) };
  }
}

/** "422 PDF_TOO_MUCH_DATA" → how many, and the slowest of each. */
export function tallyAnswers(answers: Answer[]): string {
  const kinds = new Map<string, { n: number; slowest: number }>();
  for (const a of answers) {
    const key = `${a.status}${a.code ? ` ${a.code}` : ''}`;
    const kind = kinds.get(key) ?? { n: 0, slowest: 0 };
    kinds.set(key, { n: kind.n + 1, slowest: Math.max(kind.slowest, a.ms) });
  }
  return [...kinds]
    .map(([key, k]) => `${k.n} × ${key} (slowest ${(k.slowest / 1000).toFixed(1)} s)`)
    .join(', ');
}

/** A 1 MiB PDF whose content stream inflates to 1 GiB, uploaded `times` times in turn. */
export async function inflating(server: Started, token: string, times = 2) {
  const pid = server.child.pid;
  const bomb = inflatingPdf(1024);
  const before = memoryOf(pid);
  const stop = memoryPeak(pid);
  const answers: Answer[] = [];
  for (let i = 0; i < times; i++) answers.push(await upload(server, token, bomb, 'inflating.pdf'));
  const peak = stop();
  await sleep(2_000);
  return { kib: Math.round(bomb.length / 1024), before, peak, after: memoryOf(pid), answers };
}

/**
 * One Free account sends 380 KiB PDFs of `q Q` operators five at a time, again and again, for
 * `seconds`; meanwhile another learner uploads a 2-page PDF, waits 2 s after each answer, again.
 */
export async function starving(server: Started, attacker: string, learner: string, seconds = 30) {
  const hostile = pushPopPdf();
  const small = await twoPagePdf();
  const until = performance.now() + seconds * 1000;
  const attacks: Answer[] = [];
  const learners: Answer[] = [];
  const loops = Array.from({ length: 5 }, async () => {
    while (performance.now() < until) {
      const answer = await upload(server, attacker, hostile, 'push-pop.pdf');
      attacks.push(answer);
      // A refusal is retried at once, as the review's attacker did (the pause spares the bench).
      if (typeof answer.status === 'string' || answer.status >= 429) await sleep(100);
    }
  });
  await sleep(1_500);
  while (performance.now() < until) {
    learners.push(await upload(server, learner, small, 'notes.pdf'));
    await sleep(2_000);
  }
  await Promise.all(loops);
  return { kib: Math.round(hostile.length / 1024), attacks, learners };
}

const BOUNDARY = '----bench-slow-boundary';
const SLOW_BYTES = 9_900_000;

/**
 * `count` uploads of 9.9 MB from one account, each sent but for its last 1,000 bytes, then one
 * byte a second; how long the server keeps each open (watched for `watchSeconds`), what it
 * answered, and its memory meanwhile.
 */
export async function slowBodies(
  server: Started,
  token: string,
  count = 30,
  watchSeconds = 90,
): Promise<{
  before: Memory;
  peak: Memory;
  after: Memory;
  openAt60: number;
  openAtEnd: number;
  longestOpenS: number;
  answers: string;
}> {
  const pid = server.child.pid;
  const { hostname, port } = new URL(server.url);
  const head =
    `POST /api/materials HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${token}\r\n` +
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${SLOW_BYTES}\r\n\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n` +
    'Content-Type: application/pdf\r\n\r\n%PDF-1.7\n';
  const body = Buffer.alloc(SLOW_BYTES - Buffer.byteLength(head) - 1_000, 0x20);
  const before = memoryOf(pid);
  const stop = memoryPeak(pid);
  const started = performance.now();
  const sockets: { socket: Socket; closedAt: number | null; answer: string }[] = [];
  for (let i = 0; i < count; i++) {
    const entry = {
      socket: connect(Number(port), hostname),
      closedAt: null as number | null,
      answer: '',
    };
    entry.socket.on('data', (chunk) => {
      if (!entry.answer) entry.answer = /^HTTP\/1\.1 (\d+)/.exec(chunk.toString())?.[1] ?? '?';
    });
    entry.socket.on('error', () => undefined);
    entry.socket.on('close', () => {
      entry.closedAt = performance.now();
    });
    entry.socket.write(head);
    entry.socket.write(body);
    sockets.push(entry);
  }
  const drip = setInterval(() => {
    for (const entry of sockets) if (entry.closedAt === null) entry.socket.write(' ');
  }, 1_000);
  let openAt60 = count;
  while (performance.now() - started < watchSeconds * 1000) {
    await sleep(1_000);
    if (performance.now() - started <= 60_000) {
      openAt60 = sockets.filter((s) => s.closedAt === null).length;
    }
    if (sockets.every((s) => s.closedAt !== null)) break;
  }
  clearInterval(drip);
  const peak = stop();
  const openAtEnd = sockets.filter((s) => s.closedAt === null).length;
  const longestOpenS = Math.round(
    Math.max(...sockets.map((s) => (s.closedAt ?? performance.now()) - started)) / 1000,
  );
  for (const entry of sockets) entry.socket.destroy();
  await sleep(2_000);
  const answers = new Map<string, number>();
  for (const s of sockets) {
    const key = s.answer || 'none';
    answers.set(key, (answers.get(key) ?? 0) + 1);
  }
  return {
    before,
    peak,
    after: memoryOf(pid),
    openAt60,
    openAtEnd,
    longestOpenS,
    answers: [...answers].map(([k, n]) => `${n} × ${k}`).join(', '),
  };
}
