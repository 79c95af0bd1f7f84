import { CURRENCY } from '@grasp/contract';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const withYear = new Intl.DateTimeFormat(CURRENCY.locale, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const withoutYear = new Intl.DateTimeFormat(CURRENCY.locale, { day: 'numeric', month: 'short' });

/**
 * How long ago, as SPEC.md §9 words it: "just now", "Nm ago", "Nh ago", "Nd ago" under a week,
 * then a short date (the year only when it is not this year). A time in the future (a clock a
 * little ahead of ours) reads "just now"; an unreadable one reads "".
 */
export function relativeTime(
  date: Date | string | number,
  now: Date | number = Date.now(),
): string {
  const then = new Date(date);
  const at = new Date(now);
  const elapsed = at.getTime() - then.getTime();
  if (Number.isNaN(elapsed)) return '';
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)}d ago`;
  return (then.getFullYear() === at.getFullYear() ? withoutYear : withYear).format(then);
}
