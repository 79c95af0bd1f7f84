/** Dates and hours as they are in a user's own time zone (an IANA name). */

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(zone, format);
  }
  return format;
}

export interface LocalTime {
  /** The local date, YYYY-MM-DD. */
  day: string;
  /** The local hour, 0–23. */
  hour: number;
}

export function localTime(zone: string, at: Date): LocalTime {
  const parts: Record<string, string> = {};
  for (const part of formatIn(zone).formatToParts(at)) parts[part.type] = part.value;
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** The date before a YYYY-MM-DD date (calendar arithmetic, no time zone involved). */
export function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/**
 * How many days the user's streak (a local day with an explanation or a review) has run up to
 * yesterday when today has none yet: the streak that ends today without a recap. Null when
 * today already counts or there is no streak to lose.
 */
export function streakEndingToday(moments: readonly string[], zone: string, now: Date) {
  const days = new Set(moments.map((m) => localTime(zone, new Date(m)).day));
  const today = localTime(zone, now).day;
  if (days.has(today)) return null;
  let day = dayBefore(today);
  let count = 0;
  while (days.has(day)) {
    count++;
    day = dayBefore(day);
  }
  return count > 0 ? count : null;
}
