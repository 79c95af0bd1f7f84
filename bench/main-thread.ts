/**
 * A page load's trace in Chromium (through CDP, the CPU slowed as Lighthouse simulates, on its
 * phone's screen) and what the renderer's main thread did in it: every task over 50 ms and where
 * its time went, and the whole load's time by trace event. Used by landing-trace.ts.
 */
import type { Browser } from '@playwright/test';

export const LONG_TASK_MS = 50;
/** After the load event, how long the trace goes on: late tasks count towards TBT too. */
const AFTER_LOAD_MS = 1500;
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink',
  'blink.user_timing',
  'loading',
  'toplevel',
];

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time, where the event has it: waits and other processes' turns left out. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown>; beginData?: Record<string, unknown> };
}

interface Slice {
  event: TraceEvent;
  end: number;
  children: Slice[];
}

/** Loads `url` in a new context of `browser` and returns its trace. */
export async function traceLoad(
  browser: Browser,
  url: string,
  cpuSlowdown: number,
): Promise<TraceEvent[]> {
  // Lighthouse's default phone (moto g power): 412 × 823 CSS px at 1.75.
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', ({ value }) =>
      events.push(...(value as unknown as TraceEvent[])),
    );
    const complete = new Promise<void>((resolve) =>
      cdp.once('Tracing.tracingComplete', () => resolve()),
    );
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await cdp.send('Tracing.start', {
      transferMode: 'ReportEvents',
      traceConfig: { includedCategories: CATEGORIES },
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(AFTER_LOAD_MS);
    await cdp.send('Tracing.end');
    await complete;
    return events;
  } finally {
    await context.close();
  }
}

const parsedUrl = (e: TraceEvent) => String(e.args?.beginData?.url ?? '');

/** The thread's events as a tree of nested slices (complete events and begin/end pairs). */
function slices(events: TraceEvent[]): Slice[] {
  const flat: Slice[] = [];
  const open = new Map<string, TraceEvent[]>();
  for (const event of events) {
    if (event.ph === 'X') flat.push({ event, end: event.ts + (event.dur ?? 0), children: [] });
    else if (event.ph === 'B') open.set(event.name, [...(open.get(event.name) ?? []), event]);
    else if (event.ph === 'E') {
      const begun = open.get(event.name)?.pop();
      if (begun) flat.push({ event: begun, end: event.ts, children: [] });
    }
  }
  flat.sort((a, b) => a.event.ts - b.event.ts || b.end - a.end);
  const roots: Slice[] = [];
  const stack: Slice[] = [];
  for (const slice of flat) {
    while (stack.length > 0 && (stack.at(-1)?.end ?? 0) <= slice.event.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent && slice.end <= parent.end) parent.children.push(slice);
    else roots.push(slice);
    stack.push(slice);
  }
  return roots;
}

/** What names an event's work: the layout's size, the parsed line, the script or function. */
function detail(event: TraceEvent): string {
  const data = event.args?.data ?? {};
  const begin = event.args?.beginData ?? {};
  if (event.name === 'Layout') return `${begin.dirtyObjects ?? '?'}/${begin.totalObjects} objects`;
  if (event.name === 'UpdateLayoutTree' && data.elementCount !== undefined) {
    return `${data.elementCount} elements`;
  }
  if (event.name === 'ParseHTML') return `line ${begin.startLine ?? '?'}`;
  return String(data.functionName || data.url || '').slice(-60);
}

type Times = Map<string, { ms: number; count: number; detail: string }>;

/** Self time (ms) and count of every event name under `slice`, with what the longest named. */
function selfTimes(slice: Slice, into: Times = new Map()): Times {
  const inChildren = slice.children.reduce((sum, c) => sum + (c.end - c.event.ts), 0);
  const self = (slice.end - slice.event.ts - inChildren) / 1000;
  const kept = into.get(slice.event.name) ?? { ms: 0, count: 0, detail: '' };
  kept.ms += self;
  kept.count += 1;
  const said = detail(slice.event);
  if (said && !kept.detail.includes(said) && kept.detail.length < 80) {
    kept.detail = [kept.detail, said].filter(Boolean).join('; ');
  }
  into.set(slice.event.name, kept);
  for (const child of slice.children) selfTimes(child, into);
  return into;
}

/** Task-level slices: what the scheduler ran, one after another. */
const TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

const top = (times: Times, count: number) =>
  [...times]
    .filter(([name]) => !TASKS.has(name))
    .sort(([, a], [, b]) => b.ms - a.ms)
    .slice(0, count)
    .map(
      ([name, t]) =>
        `${name}${t.count > 1 ? `×${t.count}` : ''} ${t.ms.toFixed(0)}${t.detail ? ` (${t.detail})` : ''}`,
    );

export interface Summary {
  fcpMs: number;
  /** Each task's time over 50 ms, for the tasks that begin after the first contentful paint. */
  blockingMs: number;
  /** The main thread's busy time from the navigation's start to the trace's end. */
  busyMs: number;
  /** Its CPU time in those tasks: less of the machine's other load in it. */
  cpuMs: number;
  longTasks: string[];
  /** The whole load's self time by event name, the largest first. */
  overall: string[];
}

/** What the main thread of the renderer that parsed `url` did from the navigation on. */
export function summarise(events: TraceEvent[], url: string): Summary {
  const parse = events.find((e) => e.name === 'ParseHTML' && parsedUrl(e).startsWith(url));
  if (!parse) throw new Error(`no ParseHTML of ${url} in the trace`);
  const own = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid);
  // The navigation's commit comes first in the renderer that will parse the page.
  const commit = own.filter((e) => e.name === 'navigationStart' && e.ts <= parse.ts).at(-1);
  const start = commit?.ts ?? parse.ts;
  const fcp = own.find((e) => e.name === 'firstContentfulPaint' && e.ts >= start)?.ts ?? start;
  const tasks = slices(own.filter((e) => e.ts >= start)).filter((s) => TASKS.has(s.event.name));
  let blocking = 0;
  let busy = 0;
  let cpu = 0;
  const longTasks: string[] = [];
  const overall: Times = new Map();
  for (const task of tasks) {
    const ms = (task.end - task.event.ts) / 1000;
    busy += ms;
    const cpuMs = (task.event.tdur ?? 0) / 1000;
    cpu += cpuMs;
    selfTimes(task, overall);
    if (ms <= LONG_TASK_MS) continue;
    const afterFcp = task.event.ts >= fcp;
    if (afterFcp) blocking += ms - LONG_TASK_MS;
    const at = (task.event.ts - start) / 1000;
    longTasks.push(
      `  ${ms.toFixed(0)} ms (CPU ${cpuMs.toFixed(0)}) at ${at.toFixed(0)} ms (${afterFcp ? 'after' : 'before'} FCP): ${top(selfTimes(task), 6).join(', ')}`,
    );
  }
  return {
    fcpMs: (fcp - start) / 1000,
    blockingMs: blocking,
    busyMs: busy,
    cpuMs: cpu,
    longTasks,
    overall: top(overall, 12),
  };
}
