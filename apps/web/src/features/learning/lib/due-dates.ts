const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long until a date, short enough for a button: "10 min", "5 h", "1 day", "3 wk", "4 mo". */
export function dueIn(iso: string, now: number = Date.now()): string {
  const ms = Math.max(0, Date.parse(iso) - now);
  if (ms < HOUR) return `${Math.max(1, Math.round(ms / MINUTE))} min`;
  if (ms < DAY - HOUR / 2) return `${Math.round(ms / HOUR)} h`;
  const days = Math.round(ms / DAY);
  if (days < 14) return days === 1 ? '1 day' : `${days} days`;
  if (days < 60) return `${Math.round(days / 7)} wk`;
  if (days < 365) return `${Math.round(days / 30)} mo`;
  const years = Math.round((days / 365) * 10) / 10;
  return years === 1 ? '1 yr' : `${years} yr`;
}

/** The same in words, for sentences and screen readers: "in 3 days", "in 2 weeks". */
export function dueInWords(iso: string, now: number = Date.now()): string {
  const short = dueIn(iso, now);
  const [count = '', unit = ''] = short.split(' ');
  const plural = count !== '1';
  const words: Record<string, string> = {
    min: plural ? 'minutes' : 'minute',
    h: plural ? 'hours' : 'hour',
    day: 'day',
    days: 'days',
    wk: plural ? 'weeks' : 'week',
    mo: plural ? 'months' : 'month',
    yr: plural ? 'years' : 'year',
  };
  return `in ${count} ${words[unit] ?? unit}`;
}

/** A date a reader places at once: "Tue, 12 May, 9:30 am" (en-IN, the app's locale). */
export function dueOn(iso: string): string {
  return new Date(iso).toLocaleString('en-IN', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });
}
