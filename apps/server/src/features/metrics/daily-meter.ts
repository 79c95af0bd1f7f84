import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { addToMeters, type MeterRow, metersBetween } from './daily-meter.repository.ts';

/** What one AI model call used, from the AI SDK's `usage`. */
export interface AiCallUsage {
  provider: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
}

export const METERS = {
  aiCalls: 'ai.calls',
  aiInput: 'ai.input_tokens',
  aiOutput: 'ai.output_tokens',
  units: 'units',
  errors5xx: 'http.5xx',
} as const;
export type MeterName = (typeof METERS)[keyof typeof METERS];

const FLUSH_EVERY_MS = 2_000;
const SEP = '\u0000';

/**
 * Daily counters for the operator's overview (DESIGN.md §15). Counting is a Map update on the
 * request path; every few seconds the counts of all requests go to the database in one upsert
 * that adds to the day's row, so instances count into the same rows. A failed write keeps its
 * counts for the next one; counts not yet written when a process dies are lost (seconds' worth).
 */
export function createDailyMeter(deps: {
  db: Kysely<DB>;
  clock: Clock;
  log?: { warn(obj: object, msg: string): void };
  flushEveryMs?: number;
}) {
  const { db, clock } = deps;
  let pending = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  function add(metric: MeterName, value: number, provider = '', model = ''): void {
    if (!Number.isFinite(value) || value === 0) return;
    const day = clock.now().toISOString().slice(0, 10);
    const key = [day, metric, provider, model].join(SEP);
    pending.set(key, (pending.get(key) ?? 0) + Math.round(value));
    if (!timer) {
      timer = setTimeout(() => void flush(), deps.flushEveryMs ?? FLUSH_EVERY_MS);
      timer.unref();
    }
  }

  async function write(batch: Map<string, number>): Promise<void> {
    const rows: MeterRow[] = [];
    for (const [key, value] of batch) {
      const [day = '', metric = '', provider = '', model = ''] = key.split(SEP);
      rows.push({ day, metric, provider, model, value });
    }
    try {
      await addToMeters(db, rows);
    } catch (error) {
      deps.log?.warn({ err: error }, 'daily meters not written; kept for the next write');
      for (const [key, value] of batch) pending.set(key, (pending.get(key) ?? 0) + value);
    }
  }

  /** Writes what was counted so far (tests, and the server's close, call it). */
  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = pending;
    pending = new Map();
    // One write at a time, so two flushes never add the same counts twice.
    writing = writing.then(() => (batch.size ? write(batch) : undefined));
    return writing;
  }

  return {
    add,
    aiCall(usage: AiCallUsage): void {
      add(METERS.aiCalls, 1, usage.provider, usage.model);
      add(METERS.aiInput, usage.inputTokens, usage.provider, usage.model);
      add(METERS.aiOutput, usage.outputTokens, usage.provider, usage.model);
    },
    flush,
    /** Every counter of the days from `fromDay` to `toDay` (YYYY-MM-DD, inclusive). */
    async between(fromDay: string, toDay: string): Promise<MeterRow[]> {
      await flush();
      return metersBetween(db, fromDay, toDay);
    },
  };
}
export type DailyMeter = ReturnType<typeof createDailyMeter>;
