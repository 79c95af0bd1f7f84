/**
 * Lighthouse (mobile defaults: emulated phone, simulated slow 4G and 4x CPU slowdown) on / and
 * /pricing of the built server, started here on its own data folder. Prints performance,
 * accessibility and LCP: the median of RUNS runs (default 5), as single runs vary. A run whose
 * trace Lighthouse could not read (NO_NAVSTART, now and then) is run again. The server listens on
 * BENCH_PORT (default 3410).
 * LH_REPORT_DIR=folder keeps every run's report. Needs a build (npm run build).
 * Run: npx tsx bench/lighthouse.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from './lib.ts';

const PAGES = ['/', '/pricing'];
const RUNS = Number(process.env.RUNS ?? 5);
/** Attempts at one run before the bench gives up on it. */
const ATTEMPTS = 3;
const PORT = Number(process.env.BENCH_PORT ?? 3410);
/** Where to keep each run's full Lighthouse report (JSON), to read its long tasks and LCP element. */
const REPORT_DIR = process.env.LH_REPORT_DIR;
const TARGETS = { performance: 98, accessibility: 100, lcpMs: 1500 };
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

interface Figures {
  performance: number;
  accessibility: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: string;
  failing: string[];
}

/** Lighthouse finished, but without figures: its report names the cause (`runtimeError`). */
class LighthouseRunError extends Error {}

async function audit(url: string, port: number, name: string): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) throw new LighthouseRunError(result.lhr.runtimeError.code);
  if (REPORT_DIR) {
    mkdirSync(REPORT_DIR, { recursive: true });
    writeFileSync(join(REPORT_DIR, `${name}.json`), JSON.stringify(result.lhr));
  }
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const value = (id: string) => Math.round(audits[id]?.numericValue ?? Number.NaN);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcp: value('largest-contentful-paint'),
    fcp: value('first-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: (audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3),
    // Accessibility checks are pass/fail: name any that failed.
    failing: Object.values(audits)
      .filter((a) => a.scoreDisplayMode === 'binary' && a.score === 0)
      .map((a) => a.id),
  };
}

/** One run's figures; a run that failed inside Lighthouse is tried again, and says so. */
async function auditRun(url: string, port: number, name: string): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, port, name);
    } catch (error) {
      if (!(error instanceof LighthouseRunError) || attempt === ATTEMPTS) throw error;
      process.stdout.write(`${name}: Lighthouse failed (${error.message}); running it again\n`);
    }
  }
}

// Chromium first: if it cannot start, no server is left running behind.
const chrome = await launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: CHROME_FLAGS,
});
const server = await startServer('apps/server/dist/main.js', PORT).catch((error: unknown) => {
  chrome.kill();
  throw error;
});
const rows: (string | number)[][] = [
  ['page', 'performance', 'accessibility', 'LCP ms', 'FCP ms', 'TBT ms', 'CLS'],
];
try {
  for (const path of PAGES) {
    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i++) {
      const name = `${path === '/' ? 'home' : path.slice(1)}-${i + 1}`;
      runs.push(await auditRun(`${server.url}${path}`, chrome.port, name));
    }
    // Every run too: on a busy machine they spread widely, and the median hides how far.
    const each = runs.map((r) => `${r.performance}/${r.lcp}/${r.tbt}`).join('  ');
    process.stdout.write(`${path} runs (performance/LCP ms/TBT ms): ${each}\n`);
    runs.sort((a, b) => a.performance - b.performance);
    const median = runs[Math.floor(runs.length / 2)];
    if (!median) continue;
    rows.push([
      path,
      median.performance,
      median.accessibility,
      median.lcp,
      median.fcp,
      median.tbt,
      median.cls,
    ]);
    if (median.failing.length > 0) {
      process.stdout.write(`${path} failing audits: ${median.failing.join(', ')}\n`);
    }
  }
} finally {
  chrome.kill();
  await server.stop();
}
for (const row of rows) process.stdout.write(`${row.map((c) => String(c).padEnd(14)).join('')}\n`);
process.stdout.write(
  `targets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, LCP ≤ ${TARGETS.lcpMs} ms\n`,
);
