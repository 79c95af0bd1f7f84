/** Time source injected into services so tests can move across month ends and back-offs. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The clock's time in ms, without making a Date when it is the system's (caches ask per request). */
export const millisecondsOf = (clock: Clock): (() => number) =>
  clock === systemClock ? Date.now : () => clock.now().getTime();

/** A clock some distance from another one; the end-to-end tests move it (test-clock.ts). */
export interface ShiftableClock extends Clock {
  readonly offsetMs: number;
  setOffset(ms: number): void;
}

export function shiftableClock(base: Clock): ShiftableClock {
  let offset = 0;
  return {
    now: () => new Date(base.now().getTime() + offset),
    get offsetMs() {
      return offset;
    },
    setOffset: (ms) => {
      offset = ms;
    },
  };
}
