/** A calendar day in the user's own time zone, e.g. "2025-6-15". */
function dayKey(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

function dayBefore(date: Date): Date {
  const previous = new Date(date);
  previous.setDate(previous.getDate() - 1);
  return previous;
}

export interface Streak {
  /** Consecutive days with at least one explanation or recap review, ending today or yesterday. */
  days: number;
  /** Today already counts (otherwise the streak, if any, ended yesterday). */
  endsToday: boolean;
  /** The streak reaches back to the oldest date (or `horizon`): older activity might extend it. */
  reachesOldest: boolean;
}

/**
 * The learning streak from the dates of the user's explanations and recap reviews. A streak
 * still counts when the last activity was yesterday: the day is not over yet. `horizon` is the
 * oldest date of a list cut short, when the question is whether the streak reaches it.
 */
export function learningStreak(
  dates: readonly string[],
  now: Date = new Date(),
  horizon?: string,
): Streak {
  const days = new Set<string>();
  let oldest: string | null = null;
  let oldestTime = Number.POSITIVE_INFINITY;
  for (const value of dates) {
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) continue;
    days.add(dayKey(date));
    if (date.getTime() < oldestTime) {
      oldestTime = date.getTime();
      oldest = dayKey(date);
    }
  }
  const endsToday = days.has(dayKey(now));
  let cursor = endsToday ? now : dayBefore(now);
  const counted = new Set<string>();
  while (days.has(dayKey(cursor))) {
    counted.add(dayKey(cursor));
    cursor = dayBefore(cursor);
  }
  const limit = horizon === undefined ? oldest : dayKey(new Date(horizon));
  return { days: counted.size, endsToday, reachesOldest: limit !== null && counted.has(limit) };
}
