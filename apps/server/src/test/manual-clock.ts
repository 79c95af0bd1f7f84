import type { Clock } from '../lib/clock.ts';

/** A clock tests move by hand. */
export function manualClock(start = '2026-11-23T10:00:00.000Z') {
  let now = new Date(start).getTime();
  const clock: Clock & { advance(ms: number): void; set(iso: string): void } = {
    now: () => new Date(now),
    advance: (ms) => {
      now += ms;
    },
    set: (iso) => {
      now = new Date(iso).getTime();
    },
  };
  return clock;
}
