/**
 * The dates tax documents are numbered and dated by (docs/payments.md): the calendar date and the
 * Indian financial year of an instant in the conference's time zone. Apart from invoice.ts,
 * whose amount in words (to-words) the payment functions must not load at a cold start
 * (docs/performance.md, "Cold starts").
 */
import { conference } from '../content/conference';

/** The calendar date (YYYY-MM-DD) of `at` in the conference's time zone. */
export function localDate(at: Date, timeZone: string = conference.timeZone): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/**
 * The Indian financial year (1 April to 31 March, in the conference's time zone) of `at`, as
 * four digits: 2025-12-18 -> '2526', 2026-03-31 -> '2526', 2026-04-01 -> '2627'.
 */
export function financialYear(at: Date, timeZone: string = conference.timeZone): string {
  const [year, month] = localDate(at, timeZone).split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return `${String(start % 100).padStart(2, '0')}${String((start + 1) % 100).padStart(2, '0')}`;
}
