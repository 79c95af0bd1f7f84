/**
 * What the main thread does while a public page loads (main-thread.ts): a Chromium trace of the
 * built server's page beside its floor (floor.ts: the page without scripts) and, with
 * BEFORE_DIST=an earlier build's apps/web/dist, that build's page; runs alternate. The CPU is
 * slowed 4× as Lighthouse simulates (CPU_SLOWDOWN=1: not at all). Prints, per run, each task over
 * 50 ms and where its time went (self time by trace event), then per page the median blocking
 * time after the first contentful paint (TBT's sum, to the trace's end), busy time and the load's
 * time by event. TRACE_DIR=folder keeps each trace, to open in DevTools.
 * Needs a build (npm run build). Run: npx tsx bench/landing-trace.ts
 * PAGE=/pricing picks the page, RUNS (default 3), BENCH_PORT (default 3420) and the next ports.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { earlierBuild, FLOOR, startVariants } from './floor.ts';
import { median, startServer } from './lib.ts';
import { LONG_TASK_MS, type Summary, summarise, traceLoad } from './main-thread.ts';

const PAGE = process.env.PAGE ?? '/';
const RUNS = Number(process.env.RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3420);
const TRACE_DIR = process.env.TRACE_DIR;
/** Lighthouse's mobile CPU slowdown. */
const CPU_SLOWDOWN = Number(process.env.CPU_SLOWDOWN ?? 4);
const BEFORE_DIST = process.env.BEFORE_DIST;

const server = await startServer('apps/server/dist/main.js', PORT);
const variants = await startVariants(
  server.url,
  [PAGE],
  PORT + 1,
  BEFORE_DIST ? [FLOOR, earlierBuild(BEFORE_DIST)] : [FLOOR],
).catch(async (error: unknown) => {
  await server.stop();
  throw error;
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
});
const origins = new Map([['page', server.url], ...variants.origins]);
const found = new Map<string, Summary[]>([...origins.keys()].map((name) => [name, []]));
const print = (line: string) => process.stdout.write(`${line}\n`);
try {
  for (let run = 1; run <= RUNS; run++) {
    for (const [name, origin] of origins) {
      const url = `${origin}${PAGE}`;
      const events = await traceLoad(browser, url, CPU_SLOWDOWN);
      if (TRACE_DIR) {
        mkdirSync(TRACE_DIR, { recursive: true });
        const file = join(TRACE_DIR, `${name.replace(/\W+/g, '-')}-${run}.json`);
        writeFileSync(file, JSON.stringify({ traceEvents: events }));
      }
      const summary = summarise(events, url);
      found.get(name)?.push(summary);
      print(
        `${name} run ${run}: FCP ${summary.fcpMs.toFixed(0)} ms, blocking after FCP ${summary.blockingMs.toFixed(0)} ms, busy ${summary.busyMs.toFixed(0)} ms (CPU ${summary.cpuMs.toFixed(0)}), ${summary.longTasks.length} tasks over ${LONG_TASK_MS} ms`,
      );
      for (const task of summary.longTasks) print(task);
      print(`  whole load: ${summary.overall.join(', ')}`);
    }
  }
} finally {
  await browser.close();
  variants.close();
  await server.stop();
}
print(`${PAGE}, ${CPU_SLOWDOWN}× CPU slowdown, median of ${RUNS} (ms):`);
for (const [name, runs] of found) {
  const m = (pick: (s: Summary) => number) => median(runs.map(pick)).toFixed(0);
  print(
    `  ${name.padEnd(14)} blocking after FCP ${m((s) => s.blockingMs).padStart(5)}   FCP ${m((s) => s.fcpMs).padStart(5)}   busy ${m((s) => s.busyMs).padStart(5)}   CPU ${m((s) => s.cpuMs).padStart(5)}`,
  );
}
