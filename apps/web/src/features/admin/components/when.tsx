import { dateTime, longDay } from '../lib/format.ts';

/** A moment in a table cell, on one line; `dayOnly` drops the time of day. */
export function When({ iso, dayOnly = false }: { iso: string; dayOnly?: boolean }) {
  return (
    <time dateTime={iso} className="whitespace-nowrap">
      {dayOnly ? longDay(iso) : dateTime(iso)}
    </time>
  );
}
