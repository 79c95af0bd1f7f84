/**
 * Lighthouse (mobile defaults: emulated phone, simulated slow 4G and 4x CPU slowdown) on the
 * public pages of the built server, started here on its own data folder, each beside its floor:
 * the same page as the server sends it (HTML and headers) with every script taken out, served by
 * this bench on the next port (floor.ts). BEFORE_DIST=an earlier build's apps/web/dist adds its
 * pages, on the port after. Page, floor (and earlier build) runs alternate, so all meet the same
 * machine; each figure is the median of RUNS runs (default 5). A run whose trace Lighthouse could
 * not read (NO_NAVSTART, now and then) is run again. The server listens on BENCH_PORT (default
 * 3410). LH_REPORT_DIR=folder keeps every run's report. PAGES=/,/pricing picks pages.
 * Needs a build (npm run build). Run: npx tsx bench/lighthouse.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Launcher, launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { earlierBuild, FLOOR, startVariants, type Variants } from './floor.ts';
import { startServer } from './lib.ts';

const PAGES = (process.env.PAGES ?? '/,/pricing,/terms,/privacy').split(',');
const RUNS = Number(process.env.RUNS ?? 5);
/** Attempts at one run before the bench gives up on it. */
const ATTEMPTS = 3;
const PORT = Number(process.env.BENCH_PORT ?? 3410);
const FLOOR_PORT = PORT + 1;
/** An earlier build's apps/web/dist, whose pages run beside this build's (on FLOOR_PORT + 1). */
const BEFORE_DIST = process.env.BEFORE_DIST;
/** Where to keep each run's full Lighthouse report (JSON), to read its long tasks and LCP element. */
const REPORT_DIR = process.env.LH_REPORT_DIR;
/** The goals of a page against its floor (issue 15). */
const TARGETS = {
  performance: 98,
  performanceBelowFloor: 2,
  tbtAboveFloorMs: 50,
  lcpMs: 1500,
  accessibility: 100,
};
/**
 * Chromium 156 draws its address bar's popup with a WebUI page (`chrome://omnibox-popup`), whose
 * renderer runs 10–60 ms tasks while the page loads: no part of the page, but a rival for the
 * machine's cores in every run (Puppeteer turns it off too, puppeteer#15278). One
 * --disable-features counts, the last: chrome-launcher's own list goes into it.
 */
const DISABLED_FEATURES = [
  ...(Launcher.defaultFlags()
    .find((flag) => flag.startsWith('--disable-features='))
    ?.slice('--disable-features='.length)
    .split(',') ?? []),
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];
const CHROME_FLAGS = [
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
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
  cls: number;
  failing: string[];
}
type Metric = Exclude<keyof Figures, 'failing'>;

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
    cls: audits['cumulative-layout-shift']?.numericValue ?? 0,
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

function median(runs: Figures[], metric: Metric): number {
  const sorted = runs.map((r) => r[metric]).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Where a page misses its goals against its floor; empty when it meets them all. */
function misses(page: Figures[], floor: Figures[]): string[] {
  const m = (runs: Figures[], metric: Metric) => median(runs, metric);
  const found: string[] = [];
  const performance = m(page, 'performance');
  if (performance < TARGETS.performance) found.push(`performance < ${TARGETS.performance}`);
  if (performance < m(floor, 'performance') - TARGETS.performanceBelowFloor) {
    found.push(`performance more than ${TARGETS.performanceBelowFloor} below the floor`);
  }
  if (m(page, 'tbt') > m(floor, 'tbt') + TARGETS.tbtAboveFloorMs) {
    found.push(`TBT more than ${TARGETS.tbtAboveFloorMs} ms above the floor`);
  }
  if (m(page, 'lcp') > TARGETS.lcpMs) found.push(`LCP > ${TARGETS.lcpMs} ms`);
  if (m(page, 'accessibility') < TARGETS.accessibility) {
    found.push(`accessibility < ${TARGETS.accessibility}`);
  }
  return found;
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
const results = new Map(
  PAGES.map((path) => [
    path,
    { page: [] as Figures[], floor: [] as Figures[], before: [] as Figures[] },
  ]),
);
let variants: Variants | null = null;
try {
  const others = BEFORE_DIST ? [FLOOR, earlierBuild(BEFORE_DIST)] : [FLOOR];
  variants = await startVariants(server.url, PAGES, FLOOR_PORT, others);
  const floorOrigin = variants.origins.get(FLOOR.name);
  const beforeOrigin = variants.origins.get('earlier build');
  for (let i = 0; i < RUNS; i++) {
    for (const path of PAGES) {
      const name = `${path === '/' ? 'home' : path.slice(1)}-${i + 1}`;
      const kept = results.get(path);
      kept?.page.push(await auditRun(`${server.url}${path}`, chrome.port, name));
      kept?.floor.push(await auditRun(`${floorOrigin}${path}`, chrome.port, `${name}-floor`));
      if (beforeOrigin) {
        kept?.before.push(await auditRun(`${beforeOrigin}${path}`, chrome.port, `${name}-before`));
      }
    }
  }
} finally {
  chrome.kill();
  variants?.close();
  await server.stop();
}

// Every run too: on a busy machine they spread widely, and the median hides how far.
const each = (runs: Figures[]) => runs.map((r) => `${r.performance}/${r.lcp}/${r.tbt}`).join('  ');
for (const [path, { page, floor, before }] of results) {
  process.stdout.write(`${path} runs (performance/LCP ms/TBT ms): ${each(page)}\n`);
  process.stdout.write(`${path} floor runs:                       ${each(floor)}\n`);
  if (before.length > 0) {
    process.stdout.write(`${path} earlier build's runs:             ${each(before)}\n`);
  }
  const failing = [...new Set(page.flatMap((r) => r.failing))];
  if (failing.length > 0) process.stdout.write(`${path} failing audits: ${failing.join(', ')}\n`);
}
const columns: [string, Metric][] = [
  ['performance', 'performance'],
  ['accessibility', 'accessibility'],
  ['LCP ms', 'lcp'],
  ['FCP ms', 'fcp'],
  ['TBT ms', 'tbt'],
  ['CLS', 'cls'],
];
const cell = (runs: Figures[], metric: Metric) =>
  metric === 'cls' ? median(runs, metric).toFixed(3) : String(median(runs, metric));
const rows = [['page (median; floor in brackets)', ...columns.map(([title]) => title), 'goals']];
for (const [path, { page, floor, before }] of results) {
  const versions: [string, Figures[]][] = [[path, page]];
  if (before.length > 0) versions.push([`${path} (earlier build)`, before]);
  for (const [title, runs] of versions) {
    const missed = misses(runs, floor);
    rows.push([
      title,
      ...columns.map(([, metric]) => `${cell(runs, metric)} (${cell(floor, metric)})`),
      missed.length === 0 ? 'met' : missed.join('; '),
    ]);
  }
}
const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length)) + 2);
for (const row of rows) {
  process.stdout.write(`${row.map((c, i) => c.padEnd(widths?.[i] ?? 0)).join('')}\n`);
}
process.stdout.write(
  `goals: performance ≥ ${TARGETS.performance} and within ${TARGETS.performanceBelowFloor} of the floor, TBT ≤ floor + ${TARGETS.tbtAboveFloorMs} ms, LCP ≤ ${TARGETS.lcpMs} ms, accessibility ${TARGETS.accessibility}\n`,
);
