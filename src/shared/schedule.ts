/**
 * Time logic of the home page (docs/rules.md#the-information-pages): the Upcoming Events card, the Important
 * Dates list and the conference countdown. Pure: no React, no I/O, and no clock of its own —
 * every function that depends on the time takes `now`, so tests (and Playwright's page.clock)
 * decide what "now" is.
 *
 * One rule for when a dated item is over, used everywhere in this module: a date's day ends at
 * 18:29:59 UTC on that date, which is 23:59:59 in Asia/Kolkata (IST, UTC+05:30, no daylight
 * saving). That instant is the countdown's target (docs/rules.md#the-information-pages: the countdown runs to 18:29:59 UTC on
 * that date). A date is *passed* from that instant on (`now >= deadline`), so the moment a
 * countdown reaches zero its date is struck through and the card moves on to the next date:
 * the list and the card never disagree.
 */
import { dayAfter, dayIn } from './dates';

/** Anything with an ISO `date` (yyyy-mm-dd): an Important Date entry, a milestone. */
export interface Dated {
  date: string;
}

/** The events of the next date that has not passed, and the instant its countdown runs to. */
export interface UpcomingEvents<T extends Dated> {
  /** The ISO date (yyyy-mm-dd) the events share. */
  date: string;
  /** Every entry on that date, in the order of the input. */
  events: T[];
  /** 18:29:59 UTC on `date` (23:59:59 IST). */
  target: Date;
}

/** A countdown split into whole units; `done` once the target is reached. Never negative. */
export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  done: boolean;
}

/** An entry of the Important Dates list with its state at `now`. */
export type DateState<T extends Dated> = T & {
  /** The date's day is over (struck through in the list). */
  passed: boolean;
  /** The first entry not yet passed (highlighted); false for all when every date has passed. */
  current: boolean;
  /** The instant the entry's day ends (18:29:59 UTC). */
  deadline: Date;
};

const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseIsoDay(date: string): [number, number, number] {
  const m = isoDay.exec(date);
  if (!m) throw new Error(`Not an ISO date (yyyy-mm-dd): ${JSON.stringify(date)}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

/**
 * The instant a date's day ends for the countdowns and the list: 18:29:59 UTC on `date`
 * (= 23:59:59 IST), exactly as docs/rules.md#the-information-pages states it.
 */
export function deadlineOf(date: string): Date {
  const [y, m, d] = parseIsoDay(date);
  return new Date(Date.UTC(y, m - 1, d, 18, 29, 59));
}

/** True once `now` has reached the end of `date`'s day (see the module comment). */
export function isPassed(date: string, now: Date): boolean {
  return now.getTime() >= deadlineOf(date).getTime();
}

/**
 * All entries of the next upcoming date: the earliest date whose deadline (18:29:59 UTC) is
 * still in the future. Null when every date has passed ('No Upcoming Events').
 * The input need not be sorted; entries sharing that date keep their input order.
 */
export function upcomingEvents<T extends Dated>(dates: readonly T[], now: Date): UpcomingEvents<T> | null {
  let next: string | null = null;
  for (const item of dates) {
    if (!isPassed(item.date, now) && (next === null || item.date < next)) next = item.date;
  }
  if (next === null) return null;
  const date = next;
  return { date, events: dates.filter((item) => item.date === date), target: deadlineOf(date) };
}

/**
 * Time left from `now` to `target` in whole days, hours, minutes and seconds (the remainder is
 * truncated, so the display reaches 0 exactly at the target). At or after the target every part
 * is 0 and `done` is true.
 */
export function countdownParts(target: Date, now: Date): CountdownParts {
  const ms = target.getTime() - now.getTime();
  if (ms <= 0) return { days: 0, hours: 0, minutes: 0, seconds: 0, done: true };
  const total = Math.floor(ms / 1000);
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
    seconds: total % 60,
    done: false,
  };
}

/** The figures a countdown shows for `parts`: days as they are, hours, minutes and seconds with two digits. */
export function countdownFigures(parts: CountdownParts): Record<'days' | 'hours' | 'minutes' | 'seconds', string> {
  const two = (n: number) => String(n).padStart(2, '0');
  return { days: String(parts.days), hours: two(parts.hours), minutes: two(parts.minutes), seconds: two(parts.seconds) };
}

/**
 * The interval around `now` between the last of `boundaries` at or before it and the first after
 * it, in ms since the epoch (`from` undefined before the first boundary, `until` undefined after
 * the last): a block whose content changes only at those instants shows the same thing all
 * through it. The home page writes it on its time-dependent blocks (data-valid-from,
 * data-valid-until), so the bootstrap script can tell when their prerendered HTML is out of date
 * (decision 020).
 */
export function stableWindow(boundaries: readonly Date[], now: Date): { from: number | undefined; until: number | undefined } {
  const t = now.getTime();
  let from: number | undefined;
  let until: number | undefined;
  for (const boundary of boundaries) {
    const b = boundary.getTime();
    if (b <= t) from = from === undefined ? b : Math.max(from, b);
    else until = until === undefined ? b : Math.min(until, b);
  }
  return { from, until };
}

/**
 * Every entry with its state at `now`: `passed` once its day has ended, `current` for the first
 * entry (in input order) that has not passed. The list is expected in date order, as the
 * Important Dates list is.
 */
export function importantDateStates<T extends Dated>(dates: readonly T[], now: Date): DateState<T>[] {
  let currentFound = false;
  return dates.map((item) => {
    const deadline = deadlineOf(item.date);
    const passed = now.getTime() >= deadline.getTime();
    const current = !passed && !currentFound;
    if (current) currentFound = true;
    return { ...item, passed, current, deadline };
  });
}

/** Offset of `timeZone` from UTC at `instant`, in milliseconds (positive east of Greenwich). */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - (instant - (instant % 1000));
}

/**
 * The first instant (00:00:00) of the ISO day `date` in the IANA zone `timeZone`, from the
 * platform's time-zone database (no hand-written offsets). For the conference:
 * startOfDayInZone('2025-12-18', 'Asia/Kolkata') is 2025-12-17T18:30:00Z.
 */
export function startOfDayInZone(date: string, timeZone: string): Date {
  return wallClockInZone(date, '00:00', timeZone);
}

const isoTime = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * The instant a wall clock in the IANA zone `timeZone` shows `time` (HH:MM, 24-hour) on the ISO
 * day `date`, from the platform's time-zone database: wallClockInZone('2025-12-18', '09:30',
 * 'Asia/Kolkata') is 2025-12-18T04:00:00Z. The programme's sessions are written in the
 * conference's local time (docs/operations.md, "The programme"). Throws on a malformed day or time.
 */
export function wallClockInZone(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = parseIsoDay(date);
  const t = isoTime.exec(time);
  if (!t) throw new Error(`Not a time (HH:MM): ${JSON.stringify(time)}`);
  const wallClock = Date.UTC(y, m - 1, d, Number(t[1]), Number(t[2]), 0);
  let instant = wallClock - zoneOffsetMs(wallClock, timeZone);
  // A second pass settles days on which the zone's offset changes (daylight saving).
  instant = wallClock - zoneOffsetMs(instant, timeZone);
  return new Date(instant);
}

/**
 * `instant` as ISO 8601 with the offset of `timeZone` at that instant, to the second:
 * isoInZone(2025-12-18T04:00:00Z, 'Asia/Kolkata') is '2025-12-18T09:30:00+05:30'. The programme's
 * answer writes its times so (GET /api/programme: local time with its offset).
 */
export function isoInZone(instant: Date, timeZone: string): string {
  const ms = instant.getTime() - (instant.getTime() % 1000);
  const offset = zoneOffsetMs(ms, timeZone);
  const local = new Date(ms + offset).toISOString().slice(0, 19);
  const minutes = Math.abs(offset) / 60_000;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${local}${offset < 0 ? '-' : '+'}${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`;
}

/**
 * The conference countdown's target: the start of the first conference day in the conference's
 * time zone (docs/rules.md#the-information-pages: the first conference day; 'The conference has started!' once reached).
 */
export function conferenceStart(conference: { startDate: string; timeZone: string }): Date {
  return startOfDayInZone(conference.startDate, conference.timeZone);
}

/**
 * The dates an edition's phase is read from: ISO days (yyyy-mm-dd) in `timeZone`, each day lasting
 * until 23:59:59 there (the deadline rule of src/shared/dates.ts).
 */
export interface EditionDates {
  /** First and last day of the conference. */
  startDate: string;
  endDate: string;
  /** IANA zone the days are read in (the conference's). */
  timeZone: string;
  /** First day of online registration; absent: open from the start. */
  registrationOpens?: string;
  /** Last day of online registration (inclusive); absent: open until the conference starts. */
  registrationCloses?: string;
}

/**
 * Where an edition stands (docs/decisions/031-edition-phases.md): before online registration
 * opens, while it is open, after it closed and before the conference, on the conference's days,
 * and after them. Every page, e-mail and endpoint that speaks of time asks editionPhase().
 */
export type EditionPhase = 'before-registration' | 'registration-open' | 'registration-closed' | 'under-way' | 'ended';

/** The phases in the order an edition goes through them. */
export const EDITION_PHASES: readonly EditionPhase[] = ['before-registration', 'registration-open', 'registration-closed', 'under-way', 'ended'];

/**
 * The edition's phase at `now`, by the calendar day in `e.timeZone`: ended from the day after
 * `endDate`, under way from `startDate` (whatever the registration dates say), else before
 * `registrationOpens`, after `registrationCloses`, or open. Pure; the caller passes the clock
 * (the server's, or the browser's on a page).
 */
export function editionPhase(e: EditionDates, now: Date): EditionPhase {
  const day = dayIn(now, e.timeZone);
  if (day > e.endDate) return 'ended';
  if (day >= e.startDate) return 'under-way';
  if (e.registrationOpens !== undefined && day < e.registrationOpens) return 'before-registration';
  if (e.registrationCloses !== undefined && day > e.registrationCloses) return 'registration-closed';
  return 'registration-open';
}

/**
 * Whether the paid changes of a registration (tier upgrade, IEEE status change, name transfer: the
 * paid kinds of src/shared/change-kinds.ts) are sold in `phase`: until the conference has ended,
 * never after (docs/decisions/031-edition-phases.md, "Addendum: paid changes close with the
 * conference"). It rules selling only, i.e. making an order: a payment that arrives after the end
 * for an order made before it is applied, or listed for a refund, by the lifecycle's rules as any
 * other (docs/payments.md, "The registration lifecycle"). The pages, the e-mails' links and the
 * three create-order endpoints ask it.
 */
export function paidChangesOnSale(phase: EditionPhase): boolean {
  return phase !== 'ended';
}

/**
 * The instants at which editionPhase() changes (the start of a day in `e.timeZone`), sorted,
 * each once: registration opening, the day after its close, the first conference day, the day
 * after the last.
 */
export function phaseBoundaries(e: EditionDates): Date[] {
  const days = [e.registrationOpens, e.registrationCloses === undefined ? undefined : dayAfter(e.registrationCloses), e.startDate, dayAfter(e.endDate)];
  const instants = days.filter((d): d is string => d !== undefined).map((d) => startOfDayInZone(d, e.timeZone).getTime());
  return [...new Set(instants)].sort((a, b) => a - b).map((t) => new Date(t));
}

/** A stretch of time in which a block shows one thing: [from, until) in ms since the epoch, open at an end when undefined. */
export interface PhaseWindow {
  from?: number;
  until?: number;
  /** The edition's phase all through the window. */
  phase: EditionPhase;
}

/**
 * The edition's time cut at every phase boundary and at each of `extra` (other instants a block
 * changes at, such as certificates opening): the windows in order, each with its phase. A block
 * renders one variant per window and shows the one `now` falls in (src/components/PhaseVariants.tsx);
 * the prerendered page's bootstrap shows the right one for the visitor's clock before the app starts.
 */
export function phaseWindows(e: EditionDates, extra: readonly Date[] = []): PhaseWindow[] {
  const cuts = [...new Set([...phaseBoundaries(e), ...extra].map((d) => d.getTime()))].sort((a, b) => a - b);
  const windows: PhaseWindow[] = [];
  for (let i = 0; i <= cuts.length; i++) {
    const from = i === 0 ? undefined : cuts[i - 1];
    const until = i === cuts.length ? undefined : cuts[i];
    windows.push({ from, until, phase: editionPhase(e, new Date(from ?? (until as number) - 1)) });
  }
  return windows;
}

/** A window with the variant a block shows through it. */
export type KeyedWindow = PhaseWindow & { key: string };

/**
 * `windows` (in order) with each one's variant `keyOf(window)`, neighbours that show the same
 * variant joined into one window (its phase is the first's): a block that says one thing before
 * the conference's end and another after it has two windows, not five.
 */
export function mergeWindows(windows: readonly PhaseWindow[], keyOf: (w: PhaseWindow) => string): KeyedWindow[] {
  const merged: KeyedWindow[] = [];
  for (const w of windows) {
    const key = keyOf(w);
    const last = merged.at(-1);
    if (last && last.key === key) last.until = w.until;
    else merged.push({ ...w, key });
  }
  return merged;
}

/** The index of the window of `windows` (in order, as phaseWindows gives them) that `now` falls in. */
export function windowIndexAt(windows: readonly Pick<PhaseWindow, 'from' | 'until'>[], now: Date): number {
  const t = now.getTime();
  const index = windows.findIndex((w) => (w.from === undefined || t >= w.from) && (w.until === undefined || t < w.until));
  return index < 0 ? windows.length - 1 : index;
}

/** Where the conference stands at `now`: before its first day, on its days, or over. */
export type ConferencePhase = 'before' | 'under-way' | 'ended';

/**
 * The conference's part of the edition's phase (editionPhase, which it reads) at `now`: 'before'
 * for every phase before the first day (after the conference the home page says it has
 * ended). Ended from the start of the day after `endDate`; refunds (src/shared/refunds.ts) are
 * paid from then on too.
 */
export function conferencePhase(conference: { startDate: string; endDate: string; timeZone: string }, now: Date): ConferencePhase {
  const phase = editionPhase(conference, now);
  return phase === 'ended' || phase === 'under-way' ? phase : 'before';
}

/**
 * The instant the conference is over: the start of the day after its last day in its time zone,
 * from which conferencePhase says 'ended'.
 */
export function conferenceEnd(conference: { endDate: string; timeZone: string }): Date {
  return startOfDayInZone(dayAfter(conference.endDate), conference.timeZone);
}
