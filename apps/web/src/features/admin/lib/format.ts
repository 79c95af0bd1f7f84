import { CURRENCY } from '@grasp/contract';

const rupeeFormat = new Intl.NumberFormat(CURRENCY.locale, {
  style: 'currency',
  currency: CURRENCY.code,
  minimumFractionDigits: 2,
});
const countFormat = new Intl.NumberFormat(CURRENCY.locale);
const usdFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 2,
  minimumFractionDigits: 2,
});
const dateTimeFormat = new Intl.DateTimeFormat(CURRENCY.locale, {
  dateStyle: 'medium',
  timeStyle: 'short',
});
const dayFormat = new Intl.DateTimeFormat(CURRENCY.locale, {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** Paise as rupees with the Indian grouping: 123456789 → ₹12,34,567.89. */
export const rupees = (paise: number): string => rupeeFormat.format(paise / 100);
export const count = (n: number): string => countFormat.format(n);
/** Cost estimates are in dollars (AI prices are quoted so); a cent's precision is enough. */
export const usd = (amount: number): string =>
  amount > 0 && amount < 0.01 ? '< $0.01' : usdFormat.format(amount);
export const dateTime = (iso: string): string => dateTimeFormat.format(new Date(iso));
/** A series day (YYYY-MM-DD, UTC) as "27 Nov". */
export const shortDay = (day: string): string => dayFormat.format(new Date(`${day}T00:00:00Z`));
const longDayFormat = new Intl.DateTimeFormat(CURRENCY.locale, { dateStyle: 'medium' });
/** "20 Nov 2026". */
export const longDay = (iso: string): string => longDayFormat.format(new Date(iso));
