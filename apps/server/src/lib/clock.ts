/** Time source injected into services so tests can move across month ends and back-offs. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
