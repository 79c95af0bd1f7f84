import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduleReminders } from './reminder-scheduler.ts';

const EVERY = 5 * 60 * 1000;

describe('the reminder schedule', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says when a run is still going, and starts another once it has gone on too long', async () => {
    const warnings: string[] = [];
    let started = 0;
    // The first run never ends (a database that stopped answering); the later ones do.
    const run = () => {
      started++;
      return started === 1 ? new Promise<never>(() => undefined) : Promise.resolve();
    };
    const stop = scheduleReminders(run, { warn: (_o, msg) => warnings.push(msg) }, EVERY);
    await vi.advanceTimersByTimeAsync(EVERY);
    expect(started).toBe(1);
    await vi.advanceTimersByTimeAsync(EVERY);
    expect(started).toBe(1);
    expect(warnings).toEqual([expect.stringContaining('still going')]);
    await vi.advanceTimersByTimeAsync(3 * EVERY);
    expect(started).toBe(2);
    expect(warnings.at(-1)).toContain('starting another');
    expect(warnings.filter((w) => w.includes('still going'))).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(EVERY);
    expect(started).toBe(3);
    stop();
  });

  it('runs again after a run that failed', async () => {
    let started = 0;
    const stop = scheduleReminders(
      () => {
        started++;
        return Promise.reject(new Error('database away'));
      },
      { warn: () => undefined },
      EVERY,
    );
    await vi.advanceTimersByTimeAsync(2 * EVERY);
    expect(started).toBe(2);
    stop();
  });
});
