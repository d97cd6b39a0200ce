/**
 * Calendar-day helpers in the conference's time zone. Deadlines are days (docs/payments.md#amounts)
 * ("by 1 Nov 2025"), so a deadline day lasts until 23:59:59 in conference.timeZone.
 * Uses the platform's Intl time-zone database rather than hand-written offsets.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) that instant `now` falls on in `timeZone`. */
export function dayIn(now: Date, timeZone: string): string {
  let f = formatters.get(timeZone);
  if (!f) {
    // en-CA formats dates as YYYY-MM-DD.
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f.format(now);
}

/** True when `now` is on or before the ISO day `lastDay` in `timeZone`. */
export function onOrBefore(now: Date, lastDay: string, timeZone: string): boolean {
  return dayIn(now, timeZone) <= lastDay;
}

// Made on first use: the server imports this module for dayIn and never formats a day for display.
let dayFormat: Intl.DateTimeFormat | undefined;

/**
 * An ISO calendar day ('2025-11-01') as the pages show it: '1 November 2025'. The day is a date,
 * not an instant, hence UTC. Here rather than in one feature because the registration, accounts
 * and self-service pages all show days, and features never import each other.
 */
export function formatDay(isoDay: string): string {
  dayFormat ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return dayFormat.format(new Date(`${isoDay}T00:00:00Z`));
}

/**
 * Two ISO days as one range: '18 – 21 December 2025' within a month, else
 * '30 November 2025 – 2 December 2025'. Not Intl's formatRange: ICU versions join a range
 * differently (Node's '18 – 21', older Chromium's '18–21'), and the prerendered text (rendered by
 * Node at build time) must match the browser's hydration render exactly. A single date formats
 * the same in every ICU, so the range is joined here (with plain spaces).
 */
export function formatDayRange(startIso: string, endIso: string): string {
  const sameMonth = startIso.slice(0, 7) === endIso.slice(0, 7);
  const start = sameMonth ? String(Number(startIso.slice(8, 10))) : formatDay(startIso);
  return `${start} – ${formatDay(endIso)}`.replace(/\s/g, ' ');
}

/**
 * The ISO day before `isoDay`: the last day of a rule written as "before `isoDay`", which the
 * pages say as "until <that day>" (plain dates, '19 November 2025').
 */
export function dayBefore(isoDay: string): string {
  const d = new Date(`${isoDay}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** The ISO day after `isoDay`. */
export function dayAfter(isoDay: string): string {
  const d = new Date(`${isoDay}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
